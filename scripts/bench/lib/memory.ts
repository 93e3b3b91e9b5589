/**
 * The resident memory of the stack's processes over a run, from Linux's /proc/<pid>/status:
 * `startPeakRss` resets each process's high-water mark (VmHWM, by writing 5 to clear_refs)
 * so that the peak read at the end is the run's, not the start-up's; where the reset is not
 * allowed the peak is the process's whole life, which the printout says.
 */
import { readFileSync, writeFileSync } from 'node:fs'

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${field}:`))
  return Number(line?.replace(/\D+/g, '') ?? NaN)
}

/** From now on, the peak resident memory of each named process: `stop()` prints and returns it (MB). */
export function startPeakRss(pids: Record<string, number | undefined>) {
  const watched = Object.entries(pids).filter((entry): entry is [string, number] => entry[1] !== undefined)
  const before = new Map<string, number>()
  let sinceStart = true
  for (const [name, pid] of watched) {
    before.set(name, statusKb(pid, 'VmRSS'))
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, '5')
    } catch {
      sinceStart = false
    }
  }
  return {
    stop() {
      const peaks: Record<string, number> = {}
      const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`
      for (const [name, pid] of watched) {
        const peak = statusKb(pid, 'VmHWM')
        peaks[name] = peak / 1024
        console.log(
          `peak RSS ${name.padEnd(8)} ${mb(peak).padStart(7)} (${mb(before.get(name)!)} before the load` +
            `${sinceStart ? '' : '; peak since the process started'})`
        )
      }
      return peaks
    },
  }
}
