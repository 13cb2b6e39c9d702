// The lab's machine gate: an attack that starves a host-wide quota runs while no other tier runs anything,
// and, once it waits, no new run starts beside it (else four busy tiers would put it off to the lab's end).

#include "core/machine_gate.h"

#include <QTest>
#include <atomic>
#include <chrono>
#include <mutex>
#include <shared_mutex>
#include <thread>

using namespace sandbench;
using namespace std::chrono_literals;

class TestMachineGate : public QObject {
    Q_OBJECT

private slots:
    void aloneWaitsForEveryRunBeside() {
        MachineGate gate;
        std::atomic<bool> aloneRunning{false};
        std::shared_lock first(gate);
        std::jthread alone([&] {
            const std::unique_lock lock(gate);
            aloneRunning = true;
        });
        std::this_thread::sleep_for(100ms);
        QVERIFY(!aloneRunning); // a run beside still holds the machine
        first.unlock();
        QTRY_VERIFY_WITH_TIMEOUT(aloneRunning.load(), 5000);
    }

    void nothingNewStartsWhileAloneWaits() {
        MachineGate gate;
        std::shared_lock first(gate);
        std::atomic<bool> aloneRunning{false};
        std::atomic<bool> laterRunning{false};
        std::atomic<bool> overlapped{false};
        std::jthread alone([&] {
            const std::unique_lock lock(gate);
            aloneRunning = true;
            std::this_thread::sleep_for(200ms);
            overlapped = laterRunning.load(); // checked on the test's thread below
            aloneRunning = false;
        });
        std::this_thread::sleep_for(100ms); // the alone run now waits
        std::jthread later([&] {
            const std::shared_lock lock(gate);
            laterRunning = true;
        });
        std::this_thread::sleep_for(100ms);
        QVERIFY(!laterRunning); // queued behind the waiting alone run, not beside the first
        first.unlock();
        alone.join();
        later.join();
        QVERIFY(!overlapped); // it ran alone
        QVERIFY(laterRunning);
    }

    void runsBesideShareIt() {
        MachineGate gate;
        std::shared_lock a(gate);
        std::atomic<bool> second{false};
        std::jthread other([&] {
            const std::shared_lock b(gate);
            second = true;
        });
        QTRY_VERIFY_WITH_TIMEOUT(second.load(), 5000);
    }
};

QTEST_GUILESS_MAIN(TestMachineGate)
#include "tst_machine_gate.moc"
