/// Least-squares polynomial fit (Flutter's `LeastSquaresSolver`, without weights).
public enum PolynomialFit {
    /// Coefficients c₀…c_degree of the polynomial Σ cₖ·xᵏ nearest the points, or nil when the
    /// points cannot determine it (fewer than degree + 1 distinct x, or a singular system).
    public static func coefficients(degree: Int, x: [Double], y: [Double]) -> [Double]? {
        let n = degree + 1
        guard degree >= 0, x.count == y.count, Set(x).count >= n else { return nil }
        // Solve in u = x / scale ∈ [−1, 1] so the normal equations stay well conditioned.
        let scale = x.map(abs).max() ?? 0
        guard scale > 0 || degree == 0, scale.isFinite else { return nil }
        let u = x.map { scale > 0 ? $0 / scale : 0 }

        // Normal equations A·c = b with A[i][j] = Σ u^(i+j), b[i] = Σ y·u^i.
        var a = [[Double]](repeating: [Double](repeating: 0, count: n + 1), count: n)
        for (ui, yi) in zip(u, y) {
            var powers = [Double](repeating: 1, count: 2 * n - 1)
            for k in 1..<powers.count { powers[k] = powers[k - 1] * ui }
            for i in 0..<n {
                for j in 0..<n { a[i][j] += powers[i + j] }
                a[i][n] += yi * powers[i]
            }
        }
        guard let solution = solve(&a, tolerance: 1e-12 * Double(u.count)) else { return nil }
        // Back from u to x: cₖ(x) = cₖ(u) / scaleᵏ.
        var factor = 1.0
        return solution.map { coefficient in
            defer { factor *= scale }
            return coefficient / factor
        }
    }

    /// Gaussian elimination with partial pivoting on an augmented n×(n+1) matrix.
    private static func solve(_ a: inout [[Double]], tolerance: Double) -> [Double]? {
        let n = a.count
        for column in 0..<n {
            let pivot = (column..<n).max { abs(a[$0][column]) < abs(a[$1][column]) }!
            guard abs(a[pivot][column]) > tolerance else { return nil }
            a.swapAt(column, pivot)
            for row in (column + 1)..<n {
                let factor = a[row][column] / a[column][column]
                for k in column...n { a[row][k] -= factor * a[column][k] }
            }
        }
        var result = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var sum = a[row][n]
            for k in (row + 1)..<n { sum -= a[row][k] * result[k] }
            result[row] = sum / a[row][row]
        }
        return result.allSatisfy(\.isFinite) ? result : nil
    }
}
