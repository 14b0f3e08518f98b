"""Counts the records of a file, those with an error, the programs whose
schedule contains every given string (e.g. a step name, and `@f ` for the
programs of func f), and the distinct programs (by their steps, whatever
their names)."""
import json
import sys

records = errors = matching = 0
distinct = set()
for line in open(sys.argv[1]):
    record = json.loads(line)
    if record.get("kind") == "task":  # the task's payload, not a measurement
        continue
    records += 1
    errors += record["error"] != "none"
    matching += all(s in record["schedule"] for s in sys.argv[2:])
    distinct.add(record["schedule"][record["schedule"].index("{"):])
print(f"records {records}, errors {errors}, matching {matching}, "
      f"distinct {len(distinct)}")
