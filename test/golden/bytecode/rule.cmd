sh bytecode-run.sh bytecode-samples.txt rule/libevalloop.so --by family
