import Foundation

/// The built-in showcase spec, byte for byte `Fixtures/showcase.yaml` (a test keeps them equal).
/// Its image paths are relative to `Fixtures/`; the images themselves are embedded too
/// (``Showcase/assets``), so the binary renders it from anywhere.
///
/// ```swift
/// let document = try ListDocument.decode(yaml: Showcase.yaml, file: Showcase.name)
/// ```
package enum Showcase {
  /// The name errors and outputs use for it.
  public static let name = "showcase.yaml"

  /// The folder the showcase's relative paths resolve against; it exists only in memory.
  public static let folder = "/listrender-builtin-showcase"

  /// The showcase's images, base64, by path relative to `Fixtures/` (a test keeps them equal to
  /// the files there).
  public static let assets: [String: String] = [
    "assets/landscape.png":
      "iVBORw0KGgoAAAANSUhEUgAAAHgAAABQCAIAAABd+SbeAAAEuklEQVR42u2bW08TQRTHZxu/jCbeQUUF"
      + "vAEiooK2ohJuYlTEa7zFZxM1KiBRtFh7QZAKlqItAqUFKkitiFiNmBg/gi+++Fh8WIPKpezunDNdlzOZ"
      + "h2a7O/Pv78z+O3N2R7pV/Y1RwS+LJBYnCkJAS5NEQQRoE4EWZR0EWpB1kEeTRxvKo8k6aESTR1Mh6yDr"
      + "INALEXTlufaZB201ZrweJdv50YXD9/A5j5LTHtXshQdtv/B2ISAuP9uh9hJHbSEkaMfFqOEpl53xarvQ"
      + "WVcApcEksUljV82U5QiBKXFdGjHwWC45/YK/kaY7uwCs4/Hl10alXHzKB9VUc30+WcfsFZCyHDNOPbRg"
      + "UXzv84GSWq+EjQelqLobo1n33VyOlSHlOpSPSg5WZB2C3MOAoM1VAaSWLSd62xuyNYI20XsdqmZpWnGR"
      + "dQhyDwItDDTNOoRMPBaZ6JmhupU0ebS+rcOAuQ5/YzoSZX9juvZcB73kqGZUci1YyKOV+0acI0hGzJH2"
      + "2NLAKffY0v7LNOmZLw11i6sWSKKDMSYFrnrFiz41cV/+UL/kOF4vWRVgz5377Gu5/Z3FBdcpyjJxvI6C"
      + "9lQQykF7Kr8YkyRNiqwnJ6zTfsbJCStedyFHCiflkCMFRIlQ0NWfG2f9MdWfG/E67Xeu1ky537kaSoZe"
      + "5tGoMgZdqzaVvtdwFaAqafCaWwzKY5/siU94sLQCW0Nm6Qclp4VdK+AnLeHrrQIoH/3oUHKadVm5mKhn"
      + "lMRmHnzVtBxxdjh04wn2rzoScyo/+eHyMoMu35EXaaooy1Ex5GLVJElxvFoZc2kIfmXMhaoqQT0Yqsdq"
      + "fORmE9LNUjHezHO5fWWx4Lu7qO+e/MGddQLeo9/cdGGILhtv4W/EufKQGMSWvoZpR9qygPMwUvSWE1x3"
      + "6XuwP1jXqoPYlM2B+3N91Z4NlorRez4aW96+XmviGDzLOQoz6zCxSdhaMga5AioZc4MrnKqJKU9FAqQv"
      + "aazGBsjl0Ls2jHHXkmKBbbCg56Gq873bj3DPo+HSN0iU5fgB6lRLWQ4Mb7/jtVYQFgdGPdh+3ZoKsP1v"
      + "d7ed5/LnuRoTMlKs7gG/+v1vO5iQ8nSN9r1/+S8dIBp8O8qTYx3CKMsR1SYSirIcME2Jf74lvCUq+pGj"
      + "Jap679/OLuC1ws4up9BchznamZTJtTnaqVxkXhfK0jevS11C5n99U0mJ7O2+ZlQNO/yPGWM9+cXKBGs1"
      + "jcKIL4mgCyPzbPzDpvx3OBVah6apaMSf9EFdEPHPJS/H1yJSSY6vZX5oX+/Vqm131+tu/XjIiw3/7P3b"
      + "9tydLCXB3UWQ1qErynLUp7QlkbIc40TovjXcVjGtGe7V53+jf2POls42nYjp32PhWrDoljJjTD+UZTGz"
      + "LFhMLK6k5g0F9In45/cfP7//0Juqzd726QyVjOXcoaBuKev2Jsv0elS/e0eUtZWMjj+Zmfn3GWaHBwix"
      + "5pLu8TLGhvfumWef4bbBMFHmLxs9nYm2VmwdeEWUocqc1rFlYIgoQ4KeNQ22qX+YEEOP6BkenRkaIcro"
      + "1pERihBlpBH9B3R68A0hFurRRBnDOn579Pq+UaKMbh1pgXdEGR30ut4xQoxdfgF+w7Pl+m5+7QAAAABJ"
      + "RU5ErkJggg==",
    "assets/avatar.png":
      "iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAABJElEQVR42u2YsRXCIBCG4z2WsHQMK1fI"
      + "ODqBrQM4hCukcgxL10hh4zMxEO4HjvBTRt7xfXcXJOzOt3tX85Cu8kEBClCAAhRoW8AlinvtD9OHl8er"
      + "AoFZ9O+fsBouD3o6DclMHz0/rUAcDcRBStGjHJr/H9CnUBmh7QqgdhJNHJ6FKEABClQsgDpRauI030L6"
      + "Iigj8CXWpVBfQCn4FkL2AFgLraVB7WDIj/oPk/doafdWwqtRx71QOtZMAs9hvzzheHpbFPByT2dCTFw2"
      + "7kQmUooeFceVRf8JGFEKsUCvieyMoEeXQkzRR6wlBulXrdjG90D+9IevK2bpA1ffeguVTX8Iw6YrYCH9"
      + "XhJeq5gVsNM/yzxsIQpQgAIUoMDswF4A6sc/nhGyaGzWmQup5wAAAABJRU5ErkJggg==",
  ]

  /// The showcase document, its images registered with `renderer`.
  public static func document(registeringImagesWith renderer: ListRenderer) throws -> ListDocument {
    for (path, base64) in assets {
      guard let data = Data(base64Encoded: base64) else { continue }
      try renderer.registerImage([UInt8](data), at: folder + "/" + path)
    }
    return try ListDocument.decode(yaml: yaml, file: name, baseDirectory: folder)
  }

  /// The spec's text.
  public static let yaml = """
    # The built-in showcase: `listrender render` with no spec draws this.
    canvas:
      width: 360
      scale: 3
      theme: mistica
      appearance: light
    sections:
      - cells:
          - title: Inbox
            subtitle: 3 unread messages
            asset: { icon: inbox }
            control: { navigation: { badge: 3 } }
          - headline: { tag: NEW }
            title: Fibre 1 Gb
            subtitle: Installation in 48 h
            description: Symmetric fibre with a Wi-Fi 6 router included.
            asset: { icon: router, background: "#E3F2FD", color: "#019DF4" }
            control: { navigation: { badge: 27 } }
          - title: Ana García
            subtitle: Highlighted in the alternative background
            asset: { monogram: AG, background: "#FCE4EC", color: "#AD1457" }
            state: highlighted
            control: { navigation: { badge: true } }
          - title: Data roaming
            description: Not available in your plan
            asset: { icon: public }
            state: disabled
            control: { switch: false }
      - cells:
          - style: boxed
            headline: { text: Last invoice }
            title: 45.90 €
            description: Paid on 3 March
            asset: { image: assets/landscape.png }
            control: { navigation: {} }
          - style: boxedInverse
            title: Upgrade your plan
            subtitle: Twice the data for the same price
            control: { button: See offer }
      - cells:
          - kind: stereo
            leadingImage: { image: assets/avatar.png, size: 40 }
            title: Bruno Díaz
            detail: A stereo cell, as MDCSelfSizingStereoCell lays it out.
          - kind: label
            text: A self-sizing label cell with a bottom separator, as tall as its text.
          - kind: label
            text: Long text wraps onto as many lines as it needs.
    # `listrender animate` with no spec: a press and release on the boxed invoice cell.
    animation:
      fps: 30
      duration: 1.0
      events:
        - { at: 0.1, press: { section: 1, item: 0, x: 120, y: 50 } }
        - { at: 0.5, release: { section: 1, item: 0 } }

    """
}
