# name: print
# measures: interpreter start: print(1) and nothing else
# prints: 1
print(1)
