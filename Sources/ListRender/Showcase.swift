/// The built-in showcase spec, byte for byte `Fixtures/showcase.yaml` (a test keeps them equal).
///
/// ```swift
/// let document = try ListDocument.decode(yaml: Showcase.yaml, file: Showcase.name)
/// ```
public enum Showcase {
  /// The name errors and outputs use for it.
  public static let name = "showcase.yaml"

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
          - title: Payments
            subtitle: Last movement yesterday
          - title: Mobile plan
            subtitle: 25 GB · Unlimited calls
            description: Your data resets on the 1st of every month. Roaming in the EU is included at no extra cost.
          - title: A title long enough to wrap onto a second line in a narrow phone layout
            description: Rows grow to fit what Pango measures.
      - cells:
          - title: Settings
            description: Notifications, privacy and the language of the app
          - title: Help

    """
}
