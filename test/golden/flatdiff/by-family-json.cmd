sh bytecode-diff.sh bytecode-diff-a.txt bytecode-diff-b.txt --by family --format json --sort total
