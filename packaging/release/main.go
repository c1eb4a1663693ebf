// Command release builds and checks what a release ships, from the
// GoReleaser build in dist/ (.goreleaser.yaml): the npm packages, and the
// checks .ci/release runs on the archives, the Homebrew cask, the Scoop
// manifest and the packed npm tarballs. It is not shipped.
//
//	go run ./packaging/release archives -commit-date DATE dist
//	go run ./packaging/release manifests [-update] dist
//	go run ./packaging/release npm dist OUT
//	go run ./packaging/release npm-check OUT/*.tgz
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	var err error
	args := os.Args[2:]
	switch os.Args[1] {
	case "archives":
		fs := flag.NewFlagSet("archives", flag.ExitOnError)
		commitDate := fs.String("commit-date", "", "the commit's date (RFC 3339): every file in an archive must carry it")
		run := fs.Bool("run", true, "run the binary of this machine's archive")
		fs.Parse(args)
		if fs.NArg() != 1 || *commitDate == "" {
			usage()
		}
		err = checkArchivesCmd(fs.Arg(0), *commitDate, *run)
	case "manifests":
		fs := flag.NewFlagSet("manifests", flag.ExitOnError)
		update := fs.Bool("update", false, "copy the generated cask and manifest into packaging/")
		fs.Parse(args)
		if fs.NArg() != 1 {
			usage()
		}
		err = checkManifestsCmd(fs.Arg(0), *update)
	case "npm":
		if len(args) != 2 {
			usage()
		}
		err = buildNPMCmd(args[0], args[1])
	case "npm-check":
		if len(args) == 0 {
			usage()
		}
		err = checkNPMTarballs(args)
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "release: error:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, `usage: release archives -commit-date DATE [-run=false] DIST
       release manifests [-update] DIST
       release npm DIST OUT
       release npm-check TARBALL...`)
	os.Exit(2)
}
