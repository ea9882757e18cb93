$BIN/collapse forms-addr-oneline.txt forms-addr-chain.txt
