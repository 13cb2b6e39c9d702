#include "example_programs.h"

#include <QCoreApplication>

std::vector<ExampleProgram> examplePrograms() {
    return {
        {QCoreApplication::translate("ExamplePrograms", "Hello from the sandbox"),
         QStringLiteral("import os, platform\n"
                        "print('Hello from', platform.node(), 'as uid', os.getuid(), 'in', os.getcwd())\n")},
        {QCoreApplication::translate("ExamplePrograms", "Statistics of the first 1,000 squares"),
         QStringLiteral("import statistics\n"
                        "squares = [n * n for n in range(1, 1001)]\n"
                        "print('mean', statistics.mean(squares))\n"
                        "print('stdev', round(statistics.stdev(squares), 3))\n")},
        {QCoreApplication::translate("ExamplePrograms", "Live output, one line a second"),
         QStringLiteral("import time\n"
                        "for i in range(5):\n"
                        "    print('tick', i)\n"
                        "    time.sleep(1)\n")},
        {QCoreApplication::translate("ExamplePrograms", "What can I see? (files, processes, network)"),
         QStringLiteral("import os, socket\n"
                        "print('root:', sorted(os.listdir('/')))\n"
                        "print('processes:', sorted(p for p in os.listdir('/proc') if p.isdigit()))\n"
                        "try:\n"
                        "    socket.create_connection(('127.0.0.1', 22), timeout=2)\n"
                        "    print('network: reached the host')\n"
                        "except OSError as error:\n"
                        "    print('network:', error)\n")},
        {QCoreApplication::translate("ExamplePrograms", "Fork flood (bounded: 200 sleepers)"),
         QStringLiteral("import os, time\n"
                        "n = 0\n"
                        "for _ in range(200):\n"
                        "    try:\n"
                        "        if os.fork() == 0:\n"
                        "            time.sleep(3)\n"
                        "            os._exit(0)\n"
                        "        n += 1\n"
                        "    except OSError as error:\n"
                        "        print('fork failed:', error)\n"
                        "        break\n"
                        "print('forked', n)\n")},
        {QCoreApplication::translate("ExamplePrograms", "CPU loop (Stop or the timeout ends it)"),
         QStringLiteral("while True:\n    pass\n")},
    };
}
