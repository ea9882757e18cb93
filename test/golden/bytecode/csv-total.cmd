sh bytecode-run.sh bytecode-samples.txt - --format csv --sort total
