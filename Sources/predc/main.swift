// predc: the command-line front end of PredicateLang. The command implementations land in Commands/.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

print("usage: predc <command> [options]")
exit(64)
