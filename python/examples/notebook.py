"""A notebook in a script: cgsolve from Python.

Run it in the virtual environment the package is installed in
(python/README.md):  python python/examples/notebook.py [--plot FILE.png]

1. Treblecross's Grundy values to 2^20 (Treblecross is the octal game
   0.007), with their analysis, plotted if matplotlib is installed;
2. the winning moves of a Treblecross board, from the solver's JSON;
3. a few moves of Kayles (0.77) against the perfect opponent.
"""
import argparse
import time

import numpy as np

import cgsolve

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--upto", type=int, default=1 << 20, help="the last heap (default 2^20)")
parser.add_argument("--plot", metavar="FILE", help="draw the values into FILE (needs matplotlib)")
args = parser.parse_args()

# ---- 1. Grundy values ---------------------------------------------------------
started = time.monotonic()
treblecross = cgsolve.grundy("0.007", args.upto)  # Ctrl-C stops it, keeping what is done
seconds = time.monotonic() - started
values = treblecross.values
print(f"G(0..{args.upto}) of 0.007 in {seconds:.2f} s: {values.dtype}, largest {values.max()}")
print("  first values:", values[:20].tolist())
print(f"  period: {treblecross.period}, checksum {treblecross.checksum}, "
      f"rare positions: {treblecross.rare_count}")
counts = np.bincount(values)
print("  most common values:", np.argsort(counts)[::-1][:5].tolist())

if args.plot:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("  (matplotlib is not installed: no plot)")
    else:
        fig, ax = plt.subplots(figsize=(10, 4))
        ax.plot(values, ",", alpha=0.5)
        ax.set_xlabel("heap n")
        ax.set_ylabel("G(n)")
        ax.set_title(f"Treblecross (0.007), G(0..{args.upto})")
        fig.savefig(args.plot, dpi=120)
        print(f"  plotted into {args.plot}")

# ---- 2. the winning moves of a board -------------------------------------------
board = "..X........X.........."
solution = cgsolve.solve("treblecross", f"1\n{board}\n")
analysis = solution.analyses[0]["analysis"]
print(f"\n{board}: {solution.judge.splitlines()[0]}")
print("  winning moves (cells from 1):", solution.judge.splitlines()[1])
print("  the analysis holds:", sorted(analysis))

# ---- 3. a few moves of Kayles ---------------------------------------------------
with cgsolve.Play("grundy", "0.77 4 6 9") as kayles:
    print("\nKayles on heaps 4, 6, 9:", kayles.board.strip())
    for _ in range(3):
        if kayles.over:
            break
        hint = kayles.hint()
        move = hint[0] if hint else kayles.legal_moves[0]
        print(f"  you play {move} ({'winning' if hint else 'no move wins'})")
        for event in kayles.move(move):
            if event["event"] == "move" and event["by"] == "computer":
                print(f"  the computer plays {event['move']}: {event['why']}")
        print("  now:", kayles.board.strip())
    print("  over:", kayles.over, "winner:", kayles.winner)
