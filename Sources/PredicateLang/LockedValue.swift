// LockedValue: a value behind a POSIX mutex, for state shared by every thread (the compiler's kept tables).
// A POSIX mutex rather than `Synchronization.Mutex`: it is there on every Apple OS version the package builds
// for (a `Mutex` needs macOS 15 / iOS 18), and ThreadSanitizer intercepts it (`Mutex` on Linux locks with
// atomics and a futex inside the uninstrumented standard library, so TSan reported every access under one as a
// race). Where there is no POSIX mutex, there is no value: the caller does without what it would keep.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value read and changed only under a lock; nil where the platform has no POSIX mutex.
final class LockedValue<Value: Sendable>: @unchecked Sendable {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        /// The mutex, at an address of its own (a mutex must not move).
        private let mutex: UnsafeMutablePointer<pthread_mutex_t>
        /// Read and written only between `pthread_mutex_lock` and `pthread_mutex_unlock`: the dynamic
        /// exclusivity check would cost a runtime call per access and adds nothing to the lock.
        @exclusivity(unchecked) private var value: Value

        /// The value behind a new lock; nil when the mutex cannot be made.
        init?(_ value: Value) {
            mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
            mutex.initialize(to: pthread_mutex_t())
            guard pthread_mutex_init(mutex, nil) == 0 else {
                mutex.deinitialize(count: 1)
                mutex.deallocate()
                return nil
            }
            self.value = value
        }

        deinit {
            pthread_mutex_destroy(mutex)
            mutex.deinitialize(count: 1)
            mutex.deallocate()
        }

        /// Runs `body` on the value with the lock held.
        func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return body(&value)
        }
    #else
        @exclusivity(unchecked) private var value: Value

        /// Nil: there is no lock to put the value behind.
        init?(_ value: Value) { return nil }

        /// Not reached: no instance is made without a POSIX mutex.
        func withLock<Result>(_ body: (inout Value) -> Result) -> Result { body(&value) }
    #endif
}
