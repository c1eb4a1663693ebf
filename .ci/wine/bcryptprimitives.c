/*
 * bcryptprimitives.dll for Wine 8, which lacks it: Go >= 1.22 programs
 * call ProcessPrng at start-up for their random bytes, and exit at once
 * without it. This shim gives them RtlGenRandom (advapi32's
 * SystemFunction036), which Wine has. For running the Windows test
 * binaries under Wine in CI only; real Windows has the real DLL.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T size)
{
	while (size > 0) {
		ULONG n = size > 0x40000000 ? 0x40000000 : (ULONG)size;
		if (!SystemFunction036(data, n))
			return FALSE;
		data += n;
		size -= n;
	}
	return TRUE; /* documented as always TRUE */
}
