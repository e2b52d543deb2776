#!/usr/bin/env python3
"""Writes diagrams every renderer check must report as failing, for scripts/consumer-checks.

  canaries.py MERMAID_DIR PLANTUML_DIR

They go through the same batches as Lifeline's diagrams; the run fails ("FAIL self-test") when
one of them is not reported, so each run shows that the checks can fail.
  canary-syntax.mmd      a Mermaid parse error (mermaid.render throws)
  canary-too-long.mmd    a valid chart over Mermaid's 50 000-character maxTextSize ("Maximum
                         text size in diagram exceeded" is drawn instead)
  canary-syntax.puml     a PlantUML syntax error ("Syntax Error?" in the picture)
  canary-tall.puml       a valid chart of 400 messages, far over 4096 px high (the PNG is cut)
"""
import os
import sys


def main():
    mermaid, plantuml = sys.argv[1:3]
    os.makedirs(mermaid, exist_ok=True)
    os.makedirs(plantuml, exist_ok=True)
    with open(os.path.join(mermaid, "canary-syntax.mmd"), "w") as f:
        f.write("sequenceDiagram\n    participant p1 as UIKit\n    p1->>: viewWillAppear\n    end end\n")
    with open(os.path.join(mermaid, "canary-too-long.mmd"), "w") as f:
        f.write("sequenceDiagram\n    participant p1 as UIKit\n    participant p2 as Controller\n")
        for i in range(700):
            f.write(f"    p1->>p2: {i + 1}. viewWillAppear#40;animated#58; true#41; padding padding padding\n")
    with open(os.path.join(plantuml, "canary-syntax.puml"), "w") as f:
        f.write("@startuml\nparticipant \"UIKit\" as p1\np1 -> : viewWillAppear\n}}}\n@enduml\n")
    with open(os.path.join(plantuml, "canary-tall.puml"), "w") as f:
        f.write("@startuml\nparticipant \"UIKit\" as p1\nparticipant \"Controller\" as p2\n")
        for i in range(400):
            f.write(f"p1 -> p2 : {i + 1}. viewWillAppear(animated: true)\n")
        f.write("@enduml\n")


if __name__ == "__main__":
    main()
