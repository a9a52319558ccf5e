"""The terminal game (``monopoly play``): both games against our bots, several people at
one keyboard, or a room of a server, drawn with Textual.

- :mod:`monopoly.tui.table`: where the state messages come from (a game in this process,
  :mod:`monopoly.tui.remote`: a room of a server; :mod:`monopoly.tui.replay`: a record);
- :mod:`monopoly.tui.app`: the screen; :mod:`monopoly.tui.forms`: the windows of the
  choices with parameters, the help, the log;
- :mod:`monopoly.tui.board_art` and :mod:`monopoly.tui.deal_art`: the board and the
  Deal's tables as text.
"""
