package main

import (
	"bytes"
	"debug/elf"
	"debug/macho"
	"debug/pe"
	"encoding/binary"
	"os"
	"runtime"
	"strings"
	"testing"
)

// elfHeader is the smallest ELF file debug/elf reads: a 64-bit header
// with no sections.
func elfHeader(typ elf.Type, machine elf.Machine) []byte {
	b := make([]byte, 64)
	copy(b, "\x7fELF")
	b[elf.EI_CLASS], b[elf.EI_DATA], b[elf.EI_VERSION] = byte(elf.ELFCLASS64), byte(elf.ELFDATA2LSB), byte(elf.EV_CURRENT)
	le := binary.LittleEndian
	le.PutUint16(b[16:], uint16(typ))
	le.PutUint16(b[18:], uint16(machine))
	le.PutUint32(b[20:], uint32(elf.EV_CURRENT))
	le.PutUint16(b[52:], 64) // ehsize
	return b
}

// machoHeader is a 64-bit Mach-O header with no load commands.
func machoHeader(typ macho.Type, cpu macho.Cpu) []byte {
	b := make([]byte, 32)
	le := binary.LittleEndian
	le.PutUint32(b[0:], macho.Magic64)
	le.PutUint32(b[4:], uint32(cpu))
	le.PutUint32(b[12:], uint32(typ))
	return b
}

// peHeader is a DOS stub pointing at a COFF header with no optional
// header and no sections.
func peHeader(machine uint16, characteristics uint16) []byte {
	b := make([]byte, 0x40+4+20+64) // debug/pe reads past the headers
	copy(b, "MZ")
	le := binary.LittleEndian
	le.PutUint32(b[0x3c:], 0x40)
	copy(b[0x40:], "PE\x00\x00")
	le.PutUint16(b[0x44:], machine)
	le.PutUint16(b[0x44+18:], characteristics)
	return b
}

func TestBinaryPlatform(t *testing.T) {
	for _, c := range []struct {
		name         string
		file         []byte
		goos, goarch string
		err          string
	}{
		{"linux amd64", elfHeader(elf.ET_EXEC, elf.EM_X86_64), "linux", "amd64", ""},
		{"linux arm64 (PIE)", elfHeader(elf.ET_DYN, elf.EM_AARCH64), "linux", "arm64", ""},
		{"an ELF object file", elfHeader(elf.ET_REL, elf.EM_X86_64), "", "", "not an executable"},
		{"linux 386", elfHeader(elf.ET_EXEC, elf.EM_386), "linux", "EM_386", ""},
		{"darwin amd64", machoHeader(macho.TypeExec, macho.CpuAmd64), "darwin", "amd64", ""},
		{"darwin arm64", machoHeader(macho.TypeExec, macho.CpuArm64), "darwin", "arm64", ""},
		{"a Mach-O dylib", machoHeader(macho.TypeDylib, macho.CpuArm64), "", "", "not an executable"},
		{"windows amd64", peHeader(pe.IMAGE_FILE_MACHINE_AMD64, pe.IMAGE_FILE_EXECUTABLE_IMAGE), "windows", "amd64", ""},
		{"windows arm64", peHeader(pe.IMAGE_FILE_MACHINE_ARM64, pe.IMAGE_FILE_EXECUTABLE_IMAGE), "windows", "arm64", ""},
		{"a Windows DLL", peHeader(pe.IMAGE_FILE_MACHINE_AMD64, pe.IMAGE_FILE_EXECUTABLE_IMAGE|pe.IMAGE_FILE_DLL), "", "", "not an executable"},
		{"a shell script", []byte("#!/bin/sh\necho hi\n"), "", "", "neither ELF"},
		{"empty", nil, "", "", "neither ELF"},
	} {
		t.Run(c.name, func(t *testing.T) {
			goos, goarch, err := binaryPlatform(bytes.NewReader(c.file))
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("err = %v, want %q", err, c.err)
				}
				return
			}
			if err != nil || goos != c.goos || goarch != c.goarch {
				t.Fatalf("= %s/%s, %v; want %s/%s", goos, goarch, err, c.goos, c.goarch)
			}
		})
	}
}

// TestCheckBinaryOnARealExecutable: the test binary itself, as the Go
// linker wrote it, is for this machine and for no other.
func TestCheckBinaryOnARealExecutable(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(exe)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := checkBinary(f, runtime.GOOS, runtime.GOARCH); err != nil {
		t.Fatal(err)
	}
	other := "arm64"
	if runtime.GOARCH == "arm64" {
		other = "amd64"
	}
	if err := checkBinary(f, runtime.GOOS, other); err == nil || !strings.Contains(err.Error(), "not "+runtime.GOOS+"/"+other) {
		t.Fatalf("checkBinary(%s/%s) = %v, want a mismatch", runtime.GOOS, other, err)
	}
}
