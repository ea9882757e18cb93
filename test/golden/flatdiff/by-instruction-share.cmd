sh bytecode-diff.sh bytecode-diff-a.txt bytecode-diff-b.txt --by instruction --unit share
