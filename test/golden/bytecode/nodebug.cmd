sh bytecode-run.sh bytecode-samples.txt nodebug/libpython3.98.so
