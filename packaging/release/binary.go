package main

import (
	"debug/elf"
	"debug/macho"
	"debug/pe"
	"errors"
	"fmt"
	"io"
)

// binaryPlatform reads an executable's headers and says which GOOS and
// GOARCH it runs on: ELF is linux, Mach-O darwin, PE windows; the machine
// field gives the architecture. A file of none of the three is an error.
func binaryPlatform(r io.ReaderAt) (goos, goarch string, err error) {
	if f, err := elf.NewFile(r); err == nil {
		defer f.Close()
		if f.Type != elf.ET_EXEC && f.Type != elf.ET_DYN {
			return "", "", fmt.Errorf("an ELF file of type %v, not an executable", f.Type)
		}
		switch f.Machine {
		case elf.EM_X86_64:
			return "linux", "amd64", nil
		case elf.EM_AARCH64:
			return "linux", "arm64", nil
		}
		return "linux", f.Machine.String(), nil
	}
	if f, err := macho.NewFile(r); err == nil {
		defer f.Close()
		if f.Type != macho.TypeExec {
			return "", "", fmt.Errorf("a Mach-O file of type %v, not an executable", f.Type)
		}
		switch f.Cpu {
		case macho.CpuAmd64:
			return "darwin", "amd64", nil
		case macho.CpuArm64:
			return "darwin", "arm64", nil
		}
		return "darwin", f.Cpu.String(), nil
	}
	if f, err := pe.NewFile(r); err == nil {
		defer f.Close()
		if f.Characteristics&pe.IMAGE_FILE_EXECUTABLE_IMAGE == 0 || f.Characteristics&pe.IMAGE_FILE_DLL != 0 {
			return "", "", errors.New("a PE file that is not an executable image")
		}
		switch f.Machine {
		case pe.IMAGE_FILE_MACHINE_AMD64:
			return "windows", "amd64", nil
		case pe.IMAGE_FILE_MACHINE_ARM64:
			return "windows", "arm64", nil
		}
		return "windows", fmt.Sprintf("machine %#x", f.Machine), nil
	}
	return "", "", errors.New("neither ELF, Mach-O nor PE")
}

// checkBinary fails unless the executable is for goos/goarch.
func checkBinary(r io.ReaderAt, goos, goarch string) error {
	os, arch, err := binaryPlatform(r)
	if err != nil {
		return err
	}
	if os != goos || arch != goarch {
		return fmt.Errorf("built for %s/%s, not %s/%s", os, arch, goos, goarch)
	}
	return nil
}
