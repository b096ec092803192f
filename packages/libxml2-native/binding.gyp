{
  "targets": [
    {
      "target_name": "fiscus_libxml2",
      "sources": ["src/libxml2_native.c", "src/markup_scan.c"],
      "cflags": ["<!@(pkg-config --cflags libxml-2.0)", "-O2", "-Wall", "-Wextra"],
      "libraries": ["<!@(pkg-config --libs libxml-2.0)"]
    }
  ]
}
