"""signal_after_cpu.py SIGNAL CPU_SECONDS -- COMMAND...

Runs COMMAND, waits until it has used CPU_SECONDS of CPU time (user +
system, from /proc/PID/stat; a count of the work done, so the moment does not
depend on how busy the machine is), sends it SIGNAL (INT or TERM) and waits
for it. Exits 0 when the command was stopped by the signal, 1 when it ended
on its own before that (the test then proves nothing) or did not end within
a minute of the signal (then it is killed), 2 on a usage error. The command
gets the default action for SIGINT and SIGTERM even where this script was
started with them ignored (a shell's background job, a test runner).
"""
import os, signal, subprocess, sys, time

def cpu_seconds(pid):
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    # fields[11], [12]: utime, stime (after the state field at [0])
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

def main():
    if len(sys.argv) < 5 or sys.argv[3] != "--":
        print(__doc__, file=sys.stderr)
        return 2
    sig = getattr(signal, "SIG" + sys.argv[1])
    need = float(sys.argv[2])
    def default_signals():
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    p = subprocess.Popen(sys.argv[4:], preexec_fn=default_signals)
    while p.poll() is None:
        try:
            if cpu_seconds(p.pid) >= need:
                p.send_signal(sig)
                try:
                    p.wait(timeout=60)
                except subprocess.TimeoutExpired:
                    p.kill()
                    print("signal_after_cpu: the command did not end on the "
                          "signal", file=sys.stderr)
                    return 1
                return 0
        except FileNotFoundError:
            pass
        time.sleep(0.02)
    print("signal_after_cpu: the command ended (exit %d) before it used %g CPU "
          "seconds" % (p.returncode, need), file=sys.stderr)
    return 1

sys.exit(main())
