$BIN/bycategory --rules ../../../share/perfviews/cpython.rules -f svg --title 'fib & co <3.12>' bycategory-py312.txt
