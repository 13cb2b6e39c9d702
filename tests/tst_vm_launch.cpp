// The microVM tier's QEMU line and guest config, checked without QEMU: what the VM gets, and what it must
// never get (a network device, a host folder, firmware, a display).

#include "tiers/microvm/vm_launch.h"

#include <QTest>
#include <algorithm>

using namespace sandbench;

namespace {

bool has(const std::vector<std::string>& line, const std::string& word) {
    return std::find(line.begin(), line.end(), word) != line.end();
}

std::string after(const std::vector<std::string>& line, const std::string& flag) {
    const auto at = std::find(line.begin(), line.end(), flag);
    return at == line.end() || at + 1 == line.end() ? std::string() : *(at + 1);
}

} // namespace

class TestVmLaunch : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void qemuLineIsMinimal() {
        VmLaunch launch{"/usr/bin/qemu-system-x86_64", {}, {},     "/g/vmlinux",
                        "/g/initramfs.cpio",           {}, 2400000};
        Policy policy;
        policy.memoryMb = 300;
        policy.cpus = 1.5;
        const VmShape shape{policy, {"/usr/bin/python3", "-I", "-u"}, "tcg"};
        const auto line = qemuCommand(launch, shape, {10, 11, 12, 13, 14}, "/run/x/console.log");
        QCOMPARE(line.front(), launch.qemu);
        QVERIFY(after(line, "-M").rfind("microvm,", 0) == 0);
        QCOMPARE(after(line, "-accel"), std::string("tcg"));
        QCOMPARE(after(line, "-m"), std::to_string(300 + policy.workdirMb + kGuestOverheadMb));
        QCOMPARE(after(line, "-smp"), std::string("2")); // 1.5 CPUs round up to two vCPUs
        QCOMPARE(after(line, "-nic"), std::string("none"));
        for (const char* flag : {"-nodefaults", "-no-user-config", "-no-reboot"})
            QVERIFY2(has(line, flag), flag);
        // Nothing of the host reaches in: no network back end, no shared folder, no drive.
        for (const auto& word : line) {
            for (const char* forbidden :
                 {"-netdev", "virtfs", "-fsdev", "-drive", "9p", "vhost-user", "-bios"})
                QVERIFY2(word.find(forbidden) == std::string::npos, word.c_str());
        }
        QVERIFY(after(line, "-append").find("tsc_early_khz=2400000") != std::string::npos);
        QVERIFY(has(line, "socket,id=program,fd=11"));
        QVERIFY(has(line, "virtserialport,chardev=status,name=sandbench.status"));
        // Inputs and artifacts travel on ports of their own, as copies: no host folder ever.
        VmChannelFds seven{10, 11, 12, 13, 14, 15, 16};
        const auto withFiles = qemuCommand(launch, shape, seven, "c");
        QVERIFY(has(withFiles, "socket,id=inputs,fd=15"));
        QVERIFY(has(withFiles, "virtserialport,chardev=artifacts,name=sandbench.artifacts"));
        // Under KVM the guest sees the host's CPU model, under TCG QEMU's "max".
        QCOMPARE(after(qemuCommand(launch, {policy, {}, "kvm"}, {}, "c"), "-cpu"), std::string("host"));
        QCOMPARE(after(line, "-cpu"), std::string("max"));

        // With util-linux's tools, QEMU starts behind no_new_privs and limits.
        launch.setpriv = "/usr/bin/setpriv";
        launch.prlimit = "/usr/bin/prlimit";
        const auto wrapped = qemuCommand(launch, shape, {10, 11, 12, 13, 14}, "c");
        QCOMPARE(wrapped.front(), launch.setpriv);
        QVERIFY(has(wrapped, "--no-new-privs") && has(wrapped, "--core=0"));
        QCOMPARE(*(std::find(wrapped.begin(), wrapped.end(), launch.qemu) - 1), std::string("--"));
        QVERIFY(has(wrapped, "--pdeathsig") && !has(wrapped, "--reuid=2147483000"));
        QCOMPARE(after(wrapped, "-sandbox"),
                 std::string("on,obsolete=deny,elevateprivileges=deny,spawn=deny,resourcecontrol=deny"));
        // As root: an unprivileged uid of its own, no capabilities, and the files it needs as descriptors.
        launch.qemuUid = kQemuUid;
        launch.kvmGroup = 108;
        VmChannelFds handed{10, 11, 12, 13, 14};
        handed.kernel = 15;
        handed.initramfs = 16;
        handed.console = 17;
        const auto jailed = qemuCommand(launch, shape, handed, "c");
        for (const char* flag : {"--reuid=2147483000", "--regid=2147483000", "--groups=108",
                                 "--inh-caps=-all", "--bounding-set=-all"})
            QVERIFY2(has(jailed, flag), flag);
        QCOMPARE(after(jailed, "-kernel"), std::string("/proc/self/fd/15"));
        QCOMPARE(after(jailed, "-initrd"), std::string("/proc/self/fd/16"));
        QVERIFY(has(jailed, "file:/proc/self/fd/17"));

        // The root drive, when there is one, is read-only for QEMU too, and a virtio-mmio block device.
        launch.rootDrive = "/g/root.erofs";
        handed.rootDrive = 18;
        const auto withRoot = qemuCommand(launch, shape, handed, "c");
        const std::string drive = after(withRoot, "-drive");
        QVERIFY2(drive.find("readonly=on") != std::string::npos, drive.c_str());
        QVERIFY2(drive.find("file=/proc/self/fd/18") != std::string::npos, drive.c_str());
        QVERIFY(has(withRoot, "virtio-blk-device,drive=root"));

        // The egress port exists only for a run with an allow list (its descriptor handed over).
        QVERIFY(!has(withRoot, "virtserialport,chardev=egress,name=sandbench.egress"));
        handed.egress = 19;
        const auto withEgress = qemuCommand(launch, shape, handed, "c");
        QVERIFY(has(withEgress, "socket,id=egress,fd=19"));
        QVERIFY(has(withEgress, "virtserialport,chardev=egress,name=sandbench.egress"));
        QVERIFY(has(withEgress, "none")); // and still no network device
    }

    void configCarriesTheEgress() {
        Policy policy;
        policy.environment = {{"HTTPS_PROXY", "http://elsewhere:1"}, {"KEEP", "1"}};
        std::string error;
        VmShape plain{policy, {"/usr/bin/python3"}, "tcg"};
        QVERIFY(guestConfig(plain, error).find("egress") == std::string::npos);
        VmShape shape = plain;
        shape.egressCa = "-----BEGIN CERTIFICATE-----\nMIIBAAAA\nBBBB==\n-----END CERTIFICATE-----\n";
        shape.egressEnvironment = {{"HTTPS_PROXY", "http://127.0.0.1:3128"},
                                   {"API_KEY", "sandbench-secret-x"}};
        const std::string config = guestConfig(shape, error);
        for (const char* line :
             {"egress=1\n", "egress_ca=-----BEGIN CERTIFICATE-----\n", "egress_ca=MIIBAAAA\n",
              "egress_ca=BBBB==\n", "egress_ca=-----END CERTIFICATE-----\n",
              "env=HTTPS_PROXY=http://127.0.0.1:3128\n", "env=API_KEY=sandbench-secret-x\n", "env=KEEP=1\n"})
            QVERIFY2(config.find(line) != std::string::npos, line);
        // The proxy's variables win over the policy's own.
        QVERIFY(config.find("elsewhere") == std::string::npos);
        // Its forwarder's memory is the VM's, on top of the program's.
        Policy allowList = policy;
        AllowedHost host;
        std::string why;
        QVERIFY(AllowedHost::parse("api.example.test", host, why));
        allowList.egress.allow.push_back(host);
        QCOMPARE(guestMemoryMb(allowList), guestMemoryMb(policy) + kEgressForwarderMb);
    }

    void configCarriesThePolicy() {
        Policy policy;
        policy.memoryMb = 128;
        policy.processes = 7;
        policy.environment = {{"PATH", "/usr/bin"}, {"GREETING", "hello world"}};
        std::string error;
        const std::string config = guestConfig({policy, {"/usr/bin/python3", "-I", "-u"}, "tcg"}, error);
        QVERIFY(error.empty());
        for (const char* line : {"memory_mb=128\n", "processes=7\n", "interpreter=/usr/bin/python3 -I -u\n",
                                 "env=GREETING=hello world\n", "env=PATH=/usr/bin\n"})
            QVERIFY2(config.find(line) != std::string::npos, line);

        // Without inputs the guest makes no /data and waits for no archive; with them, it has inputs_mb (and
        // its RAM grows by it, since /data is a tmpfs).
        QVERIFY(config.find("inputs_mb=0\n") != std::string::npos);
        QVERIFY(config.find("artifacts_max=20\nartifacts_mb=10\n") != std::string::npos);
        Policy withInputs = policy;
        withInputs.inputs = {"/srv/data.csv"};
        withInputs.inputsMb = 30;
        QVERIFY(guestConfig({withInputs, {"/usr/bin/python3"}, "tcg"}, error).find("inputs_mb=30\n") !=
                std::string::npos);
        QCOMPARE(guestMemoryMb(withInputs), guestMemoryMb(policy) + 30 + kInputsSlackMb);

        // A value the line-based config cannot carry is refused, not cut.
        policy.environment["BAD"] = "one\nmemory_mb=99999";
        QVERIFY(guestConfig({policy, {"/usr/bin/python3"}, "tcg"}, error).empty());
        QVERIFY2(error.find("BAD") != std::string::npos, error.c_str());
    }
};

QTEST_GUILESS_MAIN(TestVmLaunch)
#include "tst_vm_launch.moc"
