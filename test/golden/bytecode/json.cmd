sh bytecode-run.sh bytecode-samples.txt - --format json --limit 2
