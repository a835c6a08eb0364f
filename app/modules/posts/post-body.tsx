import { Fragment, useMemo, type ReactNode } from "react";
import { parseBody, type Inline } from "./body.ts";

function renderInline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case "text":
        return <Fragment key={index}>{node.text}</Fragment>;
      case "break":
        return <br key={index} />;
      case "strong":
        return <strong key={index} className="font-semibold text-slate-900">{renderInline(node.children)}</strong>;
      case "em":
        return <em key={index}>{renderInline(node.children)}</em>;
      case "link":
        return (
          <a key={index} href={node.href} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800" {...(node.external ? { rel: "noopener noreferrer nofollow" } : {})}>
            {renderInline(node.children)}
          </a>
        );
    }
  });
}

/** A post's body (plain text with a small Markdown subset, see body.ts), as elements: no HTML from the text is ever rendered. */
export function PostBody({ body }: { body: string }) {
  const blocks = useMemo(() => parseBody(body), [body]);
  return (
    <div className="grid gap-5 text-lg leading-relaxed text-slate-700">
      {blocks.map((block, index) => {
        switch (block.type) {
          case "heading":
            return block.level === 2 ? (
              <h2 key={index} className="mt-4 text-2xl font-semibold text-slate-900">{renderInline(block.children)}</h2>
            ) : (
              <h3 key={index} className="mt-2 text-xl font-semibold text-slate-900">{renderInline(block.children)}</h3>
            );
          case "list": {
            const List = block.ordered ? "ol" : "ul";
            return (
              <List key={index} className={`grid gap-2 pl-6 ${block.ordered ? "list-decimal" : "list-disc"} marker:text-brand-600`}>
                {block.items.map((item, itemIndex) => <li key={itemIndex}>{renderInline(item)}</li>)}
              </List>
            );
          }
          case "quote":
            return (
              <blockquote key={index} className="border-l-4 border-brand-300 bg-brand-50/60 py-3 pl-5 pr-4 italic text-slate-800">
                {renderInline(block.children)}
              </blockquote>
            );
          case "paragraph":
            return <p key={index}>{renderInline(block.children)}</p>;
        }
      })}
    </div>
  );
}
