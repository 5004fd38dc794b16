/// Waits for a condition that another thread makes true; `false` after `timeout`. For
/// `#expect(await eventually { … })` in async tests (`waitFor` throws instead).
public func eventually(timeout: Duration = .seconds(10), _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return condition()
}
