"""The board game's lab: its simulation and report, landing frequencies and the Markov
chain, the conformance harness and the engine benchmark."""
