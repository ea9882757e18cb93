sh bytecode-run.sh bytecode-mixed.txt -
