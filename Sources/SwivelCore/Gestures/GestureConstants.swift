/// Every number that decides how input feels, in one place, each with its unit and where it comes
/// from (as Flutter keeps its slops and fling limits in `gestures/constants.dart`). Distances are
/// in the layout's points (Flutter's logical pixels), times in seconds, speeds in points per second.
/// The types that use them (`PointerSource.slop`, `VelocityTracker`, `ScrollController`, the
/// simulations) refer here and keep no numbers of their own.
public enum GestureConstants {
    // MARK: Press, click and drag

    /// 18 pt: how far a finger may move before a press becomes a drag; a touch released within it
    /// is a tap. Flutter's `kTouchSlop` (18 logical pixels).
    public static let touchSlop = 18.0
    /// 4 pt: the same for a mouse, whose pointer does not wobble like a fingertip. Windows' default
    /// drag rectangle (`SM_CXDRAG`) is 4 px.
    public static let mouseSlop = 4.0
    /// 0.5 pt: a card this close to its slot counts as centred (a click on it does not move the
    /// row; a key press goes on to the next card). Under a pixel off at 1× and 2×.
    public static let centredWithin = 0.5
    /// 0.4 s: the longest time from a click's press to the next press for the two to be a
    /// double-click. GTK's default `gtk-double-click-time` (400 ms).
    public static let doubleClickTime = 0.4
    /// 5 pt: how far apart the two presses of a double-click may be. GTK's default
    /// `gtk-double-click-distance` (5 pixels).
    public static let doubleClickDistance = 5.0

    // MARK: Velocity and fling

    /// 50 pt/s: a slower release does not fling, and a press on content moving slower than this
    /// does not count as catching it (so it can still be a click). Flutter's `kMinFlingVelocity`.
    public static let minimumFlingSpeed = 50.0
    /// 8000 pt/s: releases faster than this fling at this speed. Flutter's `kMaxFlingVelocity`.
    public static let maximumFlingSpeed = 8000.0
    /// 0.100 s: only a pointer's samples this recent count toward its velocity. Flutter's
    /// `VelocityTracker` `_horizonMilliseconds` = 100 (after Android's `VelocityTracker`).
    public static let velocityHorizon = 0.100
    /// 20 samples: the most a velocity estimate uses. Flutter's `_historySize` = 20.
    public static let velocitySamples = 20
    /// 0.040 s: a pointer that has not moved for longer has stopped (its velocity is 0, and a run of
    /// trackpad deltas has ended). Flutter's `_assumePointerMoveStoppedMilliseconds` = 40.
    public static let pointerStoppedAfter = 0.040
    /// 10 µs: the slack with which a span of input time is held to the limits above. Event times
    /// are whole milliseconds (SDL's), but a recording keeps them to the microsecond from its own
    /// start, and the difference of two shifted times carries floating-point rounding: a span of
    /// exactly 100 ms in the live session can be a hair over in its replay, and a sample on the
    /// horizon's edge then counts in one and not in the other (a flick that flung 1,004 pt to card
    /// 5 live stopped after 44 pt, on card 1, when its times were shifted by 0.3 s).
    public static let timeSlack = 0.000_010

    /// Whether `span` seconds is longer than `limit`, with `timeSlack`.
    public static func span(_ span: Double, exceeds limit: Double) -> Bool { span > limit + timeSlack }

    // MARK: Wheel and trackpad

    /// 60 pt: how far one wheel notch scrolls when not snapping (snapping, a notch is one card), and
    /// the unit of trackpad deltas: a quarter of the seed's 240 pt card pitch, so four notches move
    /// the row by one card.
    public static let wheelNotch = 60.0
    /// 0.15 s: how long a notch's (or a key's, or a click's) eased move takes; the middle of the
    /// 100–200 ms the app's wheel behaviour allows a notch: long enough to read as motion, short
    /// enough that the row keeps up with a wheel spun notch after notch.
    public static let easeDuration = 0.15

    // MARK: Friction, rubber band, spring, snap

    /// 0.998 per ms: a fling's velocity is multiplied by this every millisecond.
    /// `UIScrollView.DecelerationRate.normal`.
    public static let normalDeceleration = 0.998
    /// 0.99 per ms: `UIScrollView.DecelerationRate.fast` (`--deceleration fast`).
    public static let fastDeceleration = 0.99
    /// c = 0.55: how stiffly the content resists a drag past its end (`x·c·D/(D + c·x)`), as
    /// measured from UIScrollView by Grant Paul (@chpwn), 2014.
    public static let rubberBandCoefficient = 0.55
    /// Mass 1 and stiffness 100 (ω = √(k/m) = 10 per second), damped critically: the bounce back from
    /// an end and the snap's last stretch, with no oscillation past the target, within 1 % of the
    /// way in 0.66 s (`(1 + ωt)·e^(−ωt)` = 0.01 at ωt ≈ 6.64).
    public static let springMass = 1.0
    public static let springStiffness = 100.0
    /// 2 pt: where a snap's friction slide hands the rest of the way to the spring, a couple of
    /// pixels out; an exponential slide only creeps up on its end (4.6 s more from 2 pt to 0.01 pt at
    /// λ ≈ 2/s), the spring finishes it about half a second later with no jump in speed.
    public static let snapHandoverDistance = 2.0
    /// λ ≈ 1.0 per second: the slowest decay a snap's friction slide may be fitted to, half of
    /// UIScrollView's normal λ = −1000·ln 0.998 ≈ 2.002/s; a slower one reads as a floatier flick.
    public static let slowestSnapDecay = -1000 * log(normalDeceleration) / 2
    // The fastest is the spring's ω (a faster slide would stop harder than the spring).

    // MARK: Rest

    /// 0.01 pt: a spring within this of its target has arrived; far below a pixel even at 3×.
    public static let restDistance = 0.01
    /// 1 pt/s: a motion slower than this has stopped. At UIScrollView's normal rate a friction
    /// slide still has 1 / (1000·|ln 0.998|) = 0.4995 pt to go at that speed, inside the ±0.5 pt a
    /// fling's rest point is allowed.
    public static let restSpeed = 1.0
}
