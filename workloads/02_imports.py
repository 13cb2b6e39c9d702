# name: imports
# measures: the standard library from disk: import json, decimal, sqlite3 (and use each once)
# prints: 42 1.50 {"a": 1}
import decimal
import json
import sqlite3

answer = sqlite3.connect(":memory:").execute("select 40 + 2").fetchone()[0]
money = decimal.Decimal("0.75") * 2
print(answer, money, json.dumps({"a": 1}))
