"""Counts the records of a file, those with an error, and the programs whose
schedule contains a given string (e.g. a step name)."""
import json
import sys

records = errors = matching = 0
for line in open(sys.argv[1]):
    record = json.loads(line)
    if record.get("kind") == "task":  # the task's payload, not a measurement
        continue
    records += 1
    errors += record["error"] != "none"
    matching += sys.argv[2] in record["schedule"]
print(f"records {records}, errors {errors}, matching {matching}")
