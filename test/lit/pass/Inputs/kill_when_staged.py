"""Runs a command, waits until DIR holds N temporaries ("*.tmp.*"), sends it
SIGTERM, and succeeds when it died of that signal (report-module-signal)."""
import os
import signal
import subprocess
import sys
import time

d, n, cmd = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
deadline = time.time() + 60
while sum(".tmp." in f for f in os.listdir(d)) < n:
    if p.poll() is not None or time.time() > deadline:
        p.kill()
        sys.exit("the command ended, or staged too little, before the signal")
    time.sleep(0.05)
p.send_signal(signal.SIGTERM)
rc = p.wait(timeout=60)
sys.exit(0 if rc == -signal.SIGTERM else "exit status %d, not SIGTERM" % rc)
