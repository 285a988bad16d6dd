"""mountstats_counts.py - the per-RPC call counts of one mount in a saved
/proc/self/mountstats: what the lab tests hold nfsweep's rpc.csv against."""


def rpc_counts(path, mountpoint):
    """{RPC name: calls} of the mount on @mountpoint in the snapshot @path."""
    counts, on = {}, False
    for line in open(path):
        f = line.split()
        if f and f[0] == "device":
            on = len(f) > 4 and f[4] == mountpoint
        elif on and len(f) >= 9 and f[0].endswith(":") and f[0][:-1].isupper():
            counts[f[0][:-1]] = int(f[1])
    return counts
