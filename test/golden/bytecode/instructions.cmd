sh bytecode-run.sh bytecode-samples.txt -
