import { SearchX as Lucide } from "lucide-react";
import { icon } from "./icon";

export const SearchX = /* @__PURE__ */ icon("SearchX", Lucide);
