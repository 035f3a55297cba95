// Placeholder: being built (issue 3).
export function loader() {
  return Response.json({ error: "Not implemented yet" }, { status: 501 });
}
