// Placeholder: being built (issue 3).
export default function Placeholder() {
  return <p className="p-8 text-muted">Coming soon.</p>;
}
