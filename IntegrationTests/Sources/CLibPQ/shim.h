// The system's PostgreSQL client library (Debian: libpq-dev).
#include <postgresql/libpq-fe.h>
