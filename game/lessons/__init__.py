"""Guided lessons: a deal on a fixed number, played on the real table through the real
engine, with a narrator who says what happens and what to do next.

A lesson is data (``catalogue.py``): a deal number, the script of the guided part (every
seat's action, in order, as ``token``s; the viewer's are ``Step``s with the narrator's
words, what to highlight and why the move is the lesson's), then free play to the end of
the deal and the narrator's words on the score sheet.  ``LessonRun`` (``run.py``) follows a
match through its script: the computers' scripted moves, the viewer's expected one and the
reason a different move is refused.  No pygame here.
"""
