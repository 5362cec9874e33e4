"""An outside bot for the arena's tests: ``arena_bot.py MODE`` speaks JSON Lines.

MODE: ``good`` plays the last legal action; ``malformed`` answers with text that is no
JSON; ``illegal`` names an action that is not legal; ``dying`` exits after three answers;
``slow`` waits a second before each answer. Every message received is appended to the
file named by ``ARENA_BOT_LOG`` when it is set.
"""

import json
import os
import sys
import time


def main() -> None:
    mode = sys.argv[1]
    log = os.environ.get("ARENA_BOT_LOG")
    answers = 0
    for line in sys.stdin:
        message = json.loads(line)
        if log:
            with open(log, "a", encoding="utf-8") as out:
                out.write(json.dumps({"type": message["type"], "mode": mode}) + "\n")
        if message["type"] == "bye":
            break
        if message["type"] != "decide":
            continue
        if mode == "dying" and answers == 3:
            sys.exit(3)
        answers += 1
        if mode == "slow":
            time.sleep(1)
        if mode == "malformed":
            print("this is not json", flush=True)
        elif mode == "illegal":
            print(json.dumps({"action": "attach 99 5H"}), flush=True)
        else:
            print(json.dumps({"action": message["legal"][-1]}), flush=True)


if __name__ == "__main__":
    main()
