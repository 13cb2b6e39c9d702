#pragma once

#include "run_result.h"

#include <string>

namespace sandbench {

// A run's start sentinel tells "the program never started its attack" (no interpreter, a SyntaxError
// anywhere in the file, a tier that failed before exec) from "the sandbox stopped it". The harness puts a
// one-line prologue in front of the program that writes a fresh random sentinel to stderr; Python compiles
// the whole file before running any of it, so a syntax error anywhere means the sentinel never appears.

// "@@sandbench-started-<32 hex digits>@@", new for every run so a program cannot fake it by guessing.
std::string makeStartSentinel();

// The program with the prologue that writes `sentinel` and a newline to stderr. To keep traceback line
// numbers honest the prologue shares line 1 with the program: in front of it when line 1 is a comment or
// blank (every suite file starts with its header), or after the last one-line `from __future__` import,
// which must stay first. Otherwise it goes on a line of its own and tracebacks are one line off. A coding
// declaration on line 2 stops working (line 1 is no longer a comment); files are read as UTF-8.
std::string addStartSentinel(const std::string& code, const std::string& sentinel);

// Removes the sentinel line from result.stderrBytes and says whether the program had written it. A stderr
// cut by a tiny output cap in the middle of the sentinel counts as started.
bool takeStartSentinel(RunResult& result, const std::string& sentinel);

} // namespace sandbench
