import Glibc
import TactileCore
import TactileSystem
import Testing

/// The loop's one timerfd, shared by every deadline. Its expiry is cleared by re-arming it,
/// never by reading it, so these check that an expired timer neither fires twice nor leaves the
/// descriptor readable (which, level-triggered, would spin the loop).
@Suite struct EventLoopTimerTests {
    /// CPU time the calling thread has used, in seconds.
    private func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    @Test func deadlinesFireOnceEachInOrderAndAnExpiredTimerLeavesTheLoopWaiting() throws {
        let loop = try EventLoop()
        var fired: [String] = []
        let start = monotonicNow()
        let second = loop.addTimer { fired.append("second") }
        let first = loop.addTimer {
            fired.append("first")
            // Armed from inside the expiry's handling, as the engines' next deadline is.
            try? loop.setDeadline(monotonicNow() + Interval(microseconds: 20_000), for: second)
        }
        try loop.setDeadline(start + Interval(microseconds: 10_000), for: first)

        // Nothing is armed once `second` has fired; a pipe written 150 ms in ends the run. A loop
        // whose timerfd stayed readable would spin through those 150 ms.
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let registration = try loop.register(FileDescriptor(rawValue: ends[0])) { loop.stop() }
        defer { loop.unregister(registration) }
        let writer = ends[1]
        var thread = pthread_t()
        pthread_create(&thread, nil, { argument in
            usleep(150_000)
            var byte: UInt8 = 1
            _ = write(Int32(Int(bitPattern: argument)), &byte, 1)
            return nil
        }, UnsafeMutableRawPointer(bitPattern: Int(writer)))
        let cpuBefore = threadCPUSeconds()
        try loop.run()
        let cpu = threadCPUSeconds() - cpuBefore
        pthread_join(thread, nil)
        loop.removeAllHandlers()

        #expect(fired == ["first", "second"])
        #expect(monotonicNow() - start >= Interval(microseconds: 150_000))
        #expect(cpu < 0.05, "the loop used \(cpu) s of CPU waiting 150 ms with nothing armed")
    }
}
