import { Search as Lucide } from "lucide-react";
import { icon } from "./icon";

export const Search = /* @__PURE__ */ icon("Search", Lucide);
