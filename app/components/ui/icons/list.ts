import { List as Lucide } from "lucide-react";
import { icon } from "./icon";

export const List = /* @__PURE__ */ icon("List", Lucide);
