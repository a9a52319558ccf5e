"""The rules of the board game, one module per section of ``docs/rules.md``.

Each module holds the rules of its section as functions over a
:class:`~monopoly.board.position.Position`: ``check_*`` functions say why an action is
illegal (None when it is legal) and change nothing; ``do_*`` functions apply a legal
action; the rest are the section's rules that other sections call (``jail.send_to_jail``,
``debts.charge``...).

==================  ===================================================================
module              docs/rules.md
==================  ===================================================================
``setup``           §1 setup: dealt title deeds, who starts
``moving``          §2 a turn: the dice, moving, passing GO, what a square does, the end
``buying``          §3 buying a property, or declining it
``auctions``        §3 auctions (open and sealed), §8 the housing shortage auction
``rent``            §4 rent
``cards``           §5 Chance and Community Chest
``taxes``           §6 taxes, the income tax choice, the Free Parking pot
``jail``            §7 jail
``buildings``       §8 houses and hotels
``debts``           §9 money trouble: debts, mortgages, raising funds, loans
``trades``          §9 trades between players
``bankruptcy``      §9 bankruptcy, resigning
``ending``          §11 the end of the game, net worth
``table``           §9, §11 the table's clocks: time, negotiation limit, turn clock
==================  ===================================================================
"""
