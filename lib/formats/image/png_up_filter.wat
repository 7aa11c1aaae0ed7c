;; PNG's "up" filter, sixteen bytes at a time (WebAssembly SIMD): the source
;; of lib/formats/image/png_up_filter.ts, which holds it assembled
;; (png_up_filter_test.ts assembles this again and says so when they differ).
(module
  (memory (export "memory") 1)

  ;; Filters `height` rows of `width` 4-byte pixels at `src` into `dst`: each
  ;; row is its filter byte (2, "up") and then its bytes minus the bytes of the
  ;; row above (the first row: minus zeros). With `bgrx` the pixels are X11's
  ;; B, G, R, unused and come out as opaque RGBA. Reads and writes up to 15
  ;; bytes past the end of each area: the caller leaves room.
  (func (export "up")
    (param $src i32) (param $dst i32) (param $width i32) (param $height i32) (param $bgrx i32)
    (local $stride i32) (local $row i32) (local $k i32) (local $in i32) (local $out i32)
    (local $above v128) (local $d v128) (local $alpha v128)
    (local.set $stride (i32.shl (local.get $width) (i32.const 2)))
    (block $done
      (loop $rows
        (br_if $done (i32.ge_u (local.get $row) (local.get $height)))
        (local.set $in (i32.add (local.get $src) (i32.mul (local.get $row) (local.get $stride))))
        (local.set $out
          (i32.add (local.get $dst)
            (i32.mul (local.get $row) (i32.add (local.get $stride) (i32.const 1)))))
        (i32.store8 (local.get $out) (i32.const 2))
        (local.set $out (i32.add (local.get $out) (i32.const 1)))
        ;; Alpha: opaque in the first row, which is stored as it is; no difference below it.
        (local.set $alpha
          (select (result v128)
            (v128.const i32x4 0xff000000 0xff000000 0xff000000 0xff000000)
            (v128.const i32x4 0 0 0 0)
            (i32.eqz (local.get $row))))
        (local.set $k (i32.const 0))
        (block $row_done
          (loop $columns
            (br_if $row_done (i32.ge_u (local.get $k) (local.get $stride)))
            (local.set $above
              (if (result v128) (i32.eqz (local.get $row))
                (then (v128.const i32x4 0 0 0 0))
                (else (v128.load (i32.sub (i32.add (local.get $in) (local.get $k))
                  (local.get $stride))))))
            (local.set $d
              (i8x16.sub (v128.load (i32.add (local.get $in) (local.get $k))) (local.get $above)))
            (if (local.get $bgrx)
              (then
                (local.set $d
                  (v128.or
                    (v128.and
                      (i8x16.swizzle (local.get $d)
                        (v128.const i8x16 2 1 0 3 6 5 4 7 10 9 8 11 14 13 12 15))
                      (v128.const i32x4 0x00ffffff 0x00ffffff 0x00ffffff 0x00ffffff))
                    (local.get $alpha)))))
            (v128.store (i32.add (local.get $out) (local.get $k)) (local.get $d))
            (local.set $k (i32.add (local.get $k) (i32.const 16)))
            (br $columns)))
        (local.set $row (i32.add (local.get $row) (i32.const 1)))
        (br $rows)))))
