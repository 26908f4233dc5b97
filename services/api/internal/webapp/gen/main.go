// Command gen draws the icons a browser asks for at the root of a site without being told (favicon.ico and
// apple-touch-icon.png in internal/webapp/root) from the shapes of libs/ui/assets/favicon.svg: a rounded navy
// square with a white P. Browsers that read the apps' <link rel="icon"> get the SVG; these are for the others
// (bookmarks, iOS home screens, crawlers). The output is deterministic.
//
// Run from services/api after changing the logo:
//
//	go run ./internal/webapp/gen -out internal/webapp/root/shared
package main

import (
	"bytes"
	"encoding/binary"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
)

var (
	navy  = color.NRGBA{R: 0x00, G: 0x20, B: 0x5b, A: 0xff}
	white = color.NRGBA{R: 0xff, G: 0xff, B: 0xff, A: 0xff}
)

// shade answers the colour at (x, y) in the SVG's 32×32 view box: the P (M8 22V10h6a4 4 0 0 1 0 8h-3v4z), the
// square with corners of radius 6 (square corners when rounded is false: iOS rounds the touch icon itself), or
// nothing.
func shade(x, y float64, rounded bool) (color.NRGBA, bool) {
	inStem := x >= 8 && x <= 11 && y >= 10 && y <= 22
	inBar := x >= 8 && x <= 14 && y >= 10 && y <= 18
	inBowl := x >= 14 && math.Hypot(x-14, y-14) <= 4
	if inStem || inBar || inBowl {
		return white, true
	}
	if x < 0 || y < 0 || x > 32 || y > 32 {
		return color.NRGBA{}, false
	}
	if rounded {
		cx, cy := math.Min(math.Max(x, 6), 26), math.Min(math.Max(y, 6), 26)
		if math.Hypot(x-cx, y-cy) > 6 {
			return color.NRGBA{}, false
		}
	}
	return navy, true
}

// draw renders the icon at size×size pixels with 4×4 samples per pixel.
func draw(size int, rounded bool) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	const n = 4
	for py := range size {
		for px := range size {
			var r, g, b, a float64
			for sy := range n {
				for sx := range n {
					x := (float64(px) + (float64(sx)+0.5)/n) * 32 / float64(size)
					y := (float64(py) + (float64(sy)+0.5)/n) * 32 / float64(size)
					if c, ok := shade(x, y, rounded); ok {
						r, g, b, a = r+float64(c.R), g+float64(c.G), b+float64(c.B), a+1
					}
				}
			}
			if a == 0 {
				continue
			}
			img.SetNRGBA(px, py, color.NRGBA{R: uint8(r / a), G: uint8(g / a), B: uint8(b / a), A: uint8(a / (n * n) * 255)})
		}
	}
	return img
}

func pngBytes(img image.Image) []byte {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

// ico packs PNG images into an ICO file (PNG entries: every browser since 2007 reads them).
func ico(sizes []int) []byte {
	var out bytes.Buffer
	_ = binary.Write(&out, binary.LittleEndian, [3]uint16{0, 1, uint16(len(sizes))})
	images := make([][]byte, len(sizes))
	offset := 6 + 16*len(sizes)
	for i, s := range sizes {
		images[i] = pngBytes(draw(s, true))
		out.Write([]byte{byte(s), byte(s), 0, 0})
		_ = binary.Write(&out, binary.LittleEndian, [2]uint16{1, 32})
		_ = binary.Write(&out, binary.LittleEndian, [2]uint32{uint32(len(images[i])), uint32(offset)})
		offset += len(images[i])
	}
	for _, b := range images {
		out.Write(b)
	}
	return out.Bytes()
}

func main() {
	dir := flag.String("out", "internal/webapp/root/shared", "folder to write favicon.ico and apple-touch-icon.png to")
	flag.Parse()
	files := map[string][]byte{
		"favicon.ico":          ico([]int{16, 32, 48}),
		"apple-touch-icon.png": pngBytes(draw(180, false)),
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(*dir, name), body, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
	}
}
