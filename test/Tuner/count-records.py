"""Counts the records of a file, those with an error, the programs whose
schedule contains a given string (e.g. a step name), and the distinct
programs (by their steps, whatever their names)."""
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
    matching += sys.argv[2] in record["schedule"]
    distinct.add(record["schedule"][record["schedule"].index("{"):])
print(f"records {records}, errors {errors}, matching {matching}, "
      f"distinct {len(distinct)}")
