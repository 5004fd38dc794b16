/// The API's description, OpenAPI 3.1, served at `/api/v1/openapi.json`: every route, its
/// bodies and its problems. Kept here, in one place, as the text it is served as (kiosk ships
/// no resource files); `openapi-spec-validator` accepts it, and `OpenAPIDocumentTests` checks
/// it names every route of `APIRoutes`.
public enum OpenAPIDocument {
    public static var bytes: [UInt8] { Array(text.utf8) }

    static let text = #"""
    {
      "openapi": "3.1.0",
      "info": {
        "title": "kiosk",
        "version": "1",
        "summary": "The kiosk over HTTP: menu, stock, orders, the order board, suggestions and reports.",
        "description": "Each operation runs the command a person would type at kiosk's prompt, with the same rules and errors. A success answers the object `kiosk --json` prints for that command (without `line`); a failure is an RFC 9457 problem whose `code` is the `--json` code. Every change is on disk (fdatasync) before it is answered. Operator operations need `Authorization: Bearer TOKEN`; a request that changes the state from another site's page is refused (403); `Host` must name the server (421).",
        "license": {
          "name": "GPL-3.0-or-later",
          "identifier": "GPL-3.0-or-later"
        }
      },
      "servers": [
        {
          "url": "/api/v1"
        }
      ],
      "tags": [
        {
          "name": "customer",
          "description": "Open to anyone who can reach the server."
        },
        {
          "name": "operator",
          "description": "Needs the operator's bearer token."
        }
      ],
      "paths": {
        "/menu": {
          "get": {
            "operationId": "getMenu",
            "summary": "The menu",
            "description": "`menu`: the items with price, recipe, tags, allergens and how many can be made now; the questions `suggest` asks; the board's marks and stations.",
            "tags": [
              "customer"
            ],
            "responses": {
              "200": {
                "description": "The menu.",
                "content": {
                  "application/json": {
                    "schema": {
                      "allOf": [
                        {
                          "$ref": "#/components/schemas/CommandResult"
                        },
                        {
                          "type": "object",
                          "properties": {
                            "result": {
                              "$ref": "#/components/schemas/MenuResult"
                            }
                          }
                        }
                      ]
                    }
                  }
                }
              },
              "default": {
                "description": "A problem (RFC 9457): `code` is the same as `--json`'s, `detail` the prompt's words.",
                "content": {
                  "application/problem+json": {
                    "schema": {
                      "$ref": "#/components/schemas/Problem"
                    }
                  }
                }
              }
            },
            "security": []
          }
        },
        "/orders": {
          "post": {
            "operationId": "placeOrder",
            "summary": "Place an order",
            "description": "`order`: one order of one or more lines, made whole or refused whole. Refused for stock: 409 `insufficient_stock` with `missing` and the order's events.",
            "tags": [
              "customer"
            ],
            "responses": {
              "201": {
                "description": "The order was made; its record is on disk.",
                "content": {
                  "application/json": {
                    "schema": {
                      "allOf": [
                        {
                          "$ref": "#/components/schemas/CommandResult"
                        },
                        {
                          "type": "object",
                          "properties": {
                            "result": {
                              "$ref": "#/components/schemas/OrderResult"
                            }
                          }
                        }
                      ]
                    }
                  }
                }
              },
              "default": {
                "description": "A problem (RFC 9457): `code` is the same as `--json`'s, `detail` the prompt's words.",
                "content": {
                  "application/problem+json": {
                    "schema": {
                      "$ref": "#/components/schemas/Problem"
                    }
                  }
                }
              }
            },
            "security": [],
            "requestBody": {
              "required": true,
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/OrderRequest"
                  }
                }
              }
            },
            "parameters": [
              {
                "$ref": "#/components/parameters/IdempotencyKey"
              }
            ]
          },
          "get": {
            "operationId": "listOrders",
            "summary": "Orders, a page at a time",
            "description": "`history`: orders made or refused, oldest first after `after`, at most `limit` (the state keeps the last 1,000).",
            "tags": [
              "operator"
            ],
            "responses": {
              "200": {
                "description": "A page of orders.",
                "content": {
                  "application/json": {
                    "schema": {
                      "allOf": [
                        {
                          "$ref": "#/components/schemas/CommandResult"
                        },
                        {
                          "type": "object",
                          "properties": {
                            "result": {
                              "$ref": "#/components/schemas/HistoryResult"
                            }
                          }
                        }
                      ]
                    }
                  }
                }
              },
              "default": {
                "description": "A problem (RFC 9457): `code` is the same as `--json`'s, `detail` the prompt's words.",
                "content": {
                  "application/problem+json": {
                    "schema": {
                      "$ref": "#/components/schemas/Problem"
                    }
                  }
                }
              }
            },
            "security": [
              {
                "operatorToken": []
              }
            ],
            "parameters": [
              {
                "name": "after",
                "in": "query",
                "required": false,
                "description": "Only orders whose `seq` is greater.",
                "schema": {
                  "type": "integer",
                  "minimum": 0,
                  "maximum": 18446744073709551615
                }
              },
              {
                "name": "limit",
                "in": "query",
                "required": false,
                "description": "How many (10); more than 1,000 gives 1,000.",
                "schema": {
                  "type": "integer",
                  "minimum": 1,
                  "maximum": 1000000000
                }
              }
            ]
          }
        },
        "/stock": {
          "get": {
            "operationId": "getStock",
            "summary": "The stock",
            "description": "`stock`: each ingredient with its count, low mark, unit and status.",
            "tags": [
              "operator"
            ],
            "responses": {
              "200": {
                "description": "The stock.",
                "content": {
                  "application/json": {
                    "schema": {
                      "allOf": [
                        {
                          "$ref": "#/components/schemas/CommandResult"
                        },
                        {
                          "type": "object",
                          "properties": {
                            "result": {
                              "$ref": "#/components/schemas/StockResult"
                            }
                          }
                        }
                      ]
                    }
                  }
                }
              },
              "default": {
                "description": "A problem (RFC 9457): `code` is the same as `--json`'s, `detail` the prompt's words.",
                "content": {
                  "application/problem+json": {
                    "schema": {
                      "$ref": "#/components/schemas/Problem"
                    }
                  }
                }
              }
            },
            "security": [
              {
                "operatorToken": []
              }
            ]
          }
        },
        "/stock/{ingredient}": {
          "patch": {
            "operationId": "editStock",
            "summary": "Edit one ingredient's stock",
            "description": "`stock set|add|remove INGREDIENT N`, or `restock INGREDIENT N` with `restock`: never below 0 nor above 1,000,000,000.",
            "tags": [
              "operator"
            ],
            "responses": {
              "200": {
                "description": "The stock was changed; its record is on disk.",
                "content": {
                  "application/json": {
                    "schema": {
                      "allOf": [
                        {
                          "$ref": "#/components/schemas/CommandResult"
                        },
                        {
                          "type": "object",
                          "properties": {
                            "result": {
                              "$ref": "#/components/schemas/StockChangeResult"
                            }
                          }
                        }
                      ]
                    }
                  }
                }
              },
              "default": {
                "description": "A problem (RFC 9457): `code` is the same as `--json`'s, `detail` the prompt's words.",
                "content": {
                  "application/problem+json": {
                    "schema": {
                      "$ref": "#/components/schemas/Problem"
                    }
                  }
                }
              }
            },
            "security": [
              {
                "operatorToken": []
              }
            ],
            "requestBody": {
              "required": true,
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/StockEdit"
                  }
                }
              }
            },
            "parameters": [
              {
                "name": "ingredient",
                "in": "path",
                "required": true,
                "description": "The ingredient's name (404 `unknown_ingredient` when the menu has none by that name).",
                "schema": {
                  "type": "string",
                  "minLength": 1
                },
                "examples": {
                  "mango": {
                    "value": "mango"
                  }
                }
              },
              {
                "$ref": "#/components/parameters/IdempotencyKey"
              }
            ]
          }
        },
        "/board": {
          "get": {
            "operationId": "getBoard",
            "summary": "The order board",
            "description": "`board`, `board public` or `board all-day`. 409 `no_board` on a menu without a board.",
            "tags": [
              "customer"
            ],
            "responses": {
              "200": {
                "description": "The board.",
                "content": {
                  "application/json": {
                    "schema": {
                      "allOf": [
                        {
                          "$ref": "#/components/schemas/CommandResult"
                        },
                        {
                          "type": "object",
                          "properties": {
                            "result": {
                              "anyOf": [
                                {
                                  "$ref": "#/components/schemas/KitchenBoard"
                                },
                                {
                                  "$ref": "#/components/schemas/PublicBoard"
                                },
                                {
                                  "$ref": "#/components/schemas/AllDayBoard"
                                }
                              ]
                            }
                          }
                        }
                      ]
                    }
                  }
                }
              },
              "default": {
                "description": "A problem (RFC 9457): `code` is the same as `--json`'s, `detail` the prompt's words.",
                "content": {
                  "application/problem+json": {
                    "schema": {
                      "$ref": "#/components/schemas/Problem"
                    }
                  }
                }
              }
            },
            "security": [],
            "parameters": [
              {
                "name": "view",
                "in": "query",
                "required": false,
                "schema": {
                  "type": "string",
                  "enum": [
                    "kitchen",
                    "public",
                    "all-day"
                  ]
                }
              }
            ]
          }
        },
        "/tickets/{ticket}/{move}": {
          "post": {
            "operationId": "moveTicket",
            "summary": "Move a ticket",
            "description": "`start`, `ready`, `pickup`, `bump`, `recall` or `cancel` of a ticket.",
            "tags": [
              "operator"
            ],
            "responses": {
              "200": {
                "description": "The ticket moved; its record is on disk.",
                "content": {
                  "application/json": {
                    "schema": {
                      "allOf": [
                        {
                          "$ref": "#/components/schemas/CommandResult"
                        },
                        {
                          "type": "object",
                          "properties": {
                            "result": {
                              "$ref": "#/components/schemas/TicketMovedResult"
                            }
                          }
                        }
                      ]
                    }
                  }
                }
              },
              "default": {
                "description": "A problem (RFC 9457): `code` is the same as `--json`'s, `detail` the prompt's words.",
                "content": {
                  "application/problem+json": {
                    "schema": {
                      "$ref": "#/components/schemas/Problem"
                    }
                  }
                }
              }
            },
            "security": [
              {
                "operatorToken": []
              }
            ],
            "parameters": [
              {
                "name": "ticket",
                "in": "path",
                "required": true,
                "schema": {
                  "type": "integer",
                  "minimum": 1,
                  "maximum": 9223372036854775807
                }
              },
              {
                "name": "move",
                "in": "path",
                "required": true,
                "schema": {
                  "type": "string",
                  "enum": [
                    "start",
                    "ready",
                    "pickup",
                    "bump",
                    "recall",
                    "cancel"
                  ]
                }
              },
              {
                "$ref": "#/components/parameters/IdempotencyKey"
              }
            ]
          }
        },
        "/tickets/{move}": {
          "post": {
            "operationId": "moveDefaultTicket",
            "summary": "Move the move's own ticket",
            "description": "`start`, `ready`, `pickup`, `bump` or `recall` alone, as typed at the prompt: the oldest ticket waiting for the move, or for `recall` the last picked up. 409 `wrong_ticket_state` when there is none.",
            "tags": [
              "operator"
            ],
            "responses": {
              "200": {
                "description": "The ticket moved; its record is on disk.",
                "content": {
                  "application/json": {
                    "schema": {
                      "allOf": [
                        {
                          "$ref": "#/components/schemas/CommandResult"
                        },
                        {
                          "type": "object",
                          "properties": {
                            "result": {
                              "$ref": "#/components/schemas/TicketMovedResult"
                            }
                          }
                        }
                      ]
                    }
                  }
                }
              },
              "default": {
                "description": "A problem (RFC 9457): `code` is the same as `--json`'s, `detail` the prompt's words.",
                "content": {
                  "application/problem+json": {
                    "schema": {
                      "$ref": "#/components/schemas/Problem"
                    }
                  }
                }
              }
            },
            "security": [
              {
                "operatorToken": []
              }
            ],
            "parameters": [
              {
                "name": "move",
                "in": "path",
                "required": true,
                "schema": {
                  "type": "string",
                  "enum": [
                    "start",
                    "ready",
                    "pickup",
                    "bump",
                    "recall"
                  ]
                }
              },
              {
                "$ref": "#/components/parameters/IdempotencyKey"
              }
            ]
          }
        },
        "/suggestions": {
          "post": {
            "operationId": "suggest",
            "summary": "Suggest what to have",
            "description": "`suggest` for one customer or a group, or `suggest next`.",
            "tags": [
              "customer"
            ],
            "responses": {
              "200": {
                "description": "A page of suggestions, or why there are none.",
                "content": {
                  "application/json": {
                    "schema": {
                      "allOf": [
                        {
                          "$ref": "#/components/schemas/CommandResult"
                        },
                        {
                          "type": "object",
                          "properties": {
                            "result": {
                              "$ref": "#/components/schemas/SuggestionResult"
                            }
                          }
                        }
                      ]
                    }
                  }
                }
              },
              "default": {
                "description": "A problem (RFC 9457): `code` is the same as `--json`'s, `detail` the prompt's words.",
                "content": {
                  "application/problem+json": {
                    "schema": {
                      "$ref": "#/components/schemas/Problem"
                    }
                  }
                }
              }
            },
            "security": [],
            "requestBody": {
              "required": true,
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/SuggestionRequest"
                  }
                }
              }
            },
            "parameters": [
              {
                "$ref": "#/components/parameters/IdempotencyKey"
              }
            ]
          }
        },
        "/report": {
          "get": {
            "operationId": "getReport",
            "summary": "The day's report",
            "description": "`report`: sales per item, revenue, refused orders, ingredients used, the board's times.",
            "tags": [
              "operator"
            ],
            "responses": {
              "200": {
                "description": "The report.",
                "content": {
                  "application/json": {
                    "schema": {
                      "allOf": [
                        {
                          "$ref": "#/components/schemas/CommandResult"
                        },
                        {
                          "type": "object",
                          "properties": {
                            "result": {
                              "$ref": "#/components/schemas/ReportResult"
                            }
                          }
                        }
                      ]
                    }
                  }
                }
              },
              "default": {
                "description": "A problem (RFC 9457): `code` is the same as `--json`'s, `detail` the prompt's words.",
                "content": {
                  "application/problem+json": {
                    "schema": {
                      "$ref": "#/components/schemas/Problem"
                    }
                  }
                }
              }
            },
            "security": [
              {
                "operatorToken": []
              }
            ]
          }
        },
        "/reload": {
          "post": {
            "operationId": "reload",
            "summary": "Reload the menu",
            "description": "`reload`: the menu files read again; the stock kept. 422 `reload_failed` keeps the old menu.",
            "tags": [
              "operator"
            ],
            "responses": {
              "200": {
                "description": "The menu was reloaded (or had not changed).",
                "content": {
                  "application/json": {
                    "schema": {
                      "allOf": [
                        {
                          "$ref": "#/components/schemas/CommandResult"
                        },
                        {
                          "type": "object",
                          "properties": {
                            "result": {
                              "$ref": "#/components/schemas/ReloadResult"
                            }
                          }
                        }
                      ]
                    }
                  }
                }
              },
              "default": {
                "description": "A problem (RFC 9457): `code` is the same as `--json`'s, `detail` the prompt's words.",
                "content": {
                  "application/problem+json": {
                    "schema": {
                      "$ref": "#/components/schemas/Problem"
                    }
                  }
                }
              }
            },
            "security": [
              {
                "operatorToken": []
              }
            ],
            "parameters": [
              {
                "$ref": "#/components/parameters/IdempotencyKey"
              }
            ]
          }
        },
        "/sinks": {
          "get": {
            "operationId": "getSinks",
            "summary": "The sinks",
            "description": "`sinks`: each sink's target (secrets masked) and counters.",
            "tags": [
              "operator"
            ],
            "responses": {
              "200": {
                "description": "The sinks.",
                "content": {
                  "application/json": {
                    "schema": {
                      "allOf": [
                        {
                          "$ref": "#/components/schemas/CommandResult"
                        },
                        {
                          "type": "object",
                          "properties": {
                            "result": {
                              "$ref": "#/components/schemas/SinksResult"
                            }
                          }
                        }
                      ]
                    }
                  }
                }
              },
              "default": {
                "description": "A problem (RFC 9457): `code` is the same as `--json`'s, `detail` the prompt's words.",
                "content": {
                  "application/problem+json": {
                    "schema": {
                      "$ref": "#/components/schemas/Problem"
                    }
                  }
                }
              }
            },
            "security": [
              {
                "operatorToken": []
              }
            ]
          }
        },
        "/health": {
          "get": {
            "operationId": "getHealth",
            "summary": "Live and ready",
            "description": "200 when the journal can be written, 503 when it cannot; each sink's kind and state.",
            "tags": [
              "customer"
            ],
            "security": [],
            "responses": {
              "200": {
                "description": "Healthy.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Health"
                    }
                  }
                }
              },
              "503": {
                "description": "The journal cannot be written.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Health"
                    }
                  }
                }
              },
              "default": {
                "description": "A problem (RFC 9457): `code` is the same as `--json`'s, `detail` the prompt's words.",
                "content": {
                  "application/problem+json": {
                    "schema": {
                      "$ref": "#/components/schemas/Problem"
                    }
                  }
                }
              }
            }
          }
        },
        "/events": {
          "get": {
            "operationId": "streamEvents",
            "summary": "The event stream",
            "tags": [
              "customer"
            ],
            "security": [],
            "description": "Server-Sent Events: every event in the journal, written by any process on the state, as the CloudEvents JSON the webhook sends, one `data:` line each, with `id:` its sequence number. `Last-Event-ID` (or `after`) resumes with nothing missed and nothing repeated. A customer gets orders, stock, menu and ticket moves; with the operator's token (`Authorization: Bearer`), every type. A comment every 15 s keeps a quiet stream open; a client too slow to read is cut off with a final comment (reconnect with `Last-Event-ID`).",
            "parameters": [
              {
                "name": "types",
                "in": "query",
                "required": false,
                "description": "Types or families, comma-separated: `order.*,ticket.ready`.",
                "schema": {
                  "type": "string"
                },
                "examples": {
                  "orders": {
                    "value": "order.*"
                  }
                }
              },
              {
                "name": "after",
                "in": "query",
                "required": false,
                "description": "Only events whose sequence number is greater.",
                "schema": {
                  "type": "integer",
                  "minimum": 0,
                  "maximum": 18446744073709551615
                }
              },
              {
                "name": "Last-Event-ID",
                "in": "header",
                "required": false,
                "description": "The last `id:` received: resume after it.",
                "schema": {
                  "type": "string",
                  "pattern": "^[0-9]+$"
                }
              }
            ],
            "responses": {
              "200": {
                "description": "The stream; it goes on until the client or the server ends it.",
                "content": {
                  "text/event-stream": {
                    "schema": {
                      "type": "string"
                    }
                  }
                }
              },
              "default": {
                "description": "A problem (RFC 9457): `code` is the same as `--json`'s, `detail` the prompt's words.",
                "content": {
                  "application/problem+json": {
                    "schema": {
                      "$ref": "#/components/schemas/Problem"
                    }
                  }
                }
              }
            }
          }
        },
        "/openapi.json": {
          "get": {
            "operationId": "getOpenAPI",
            "summary": "This document",
            "tags": [
              "customer"
            ],
            "security": [],
            "responses": {
              "200": {
                "description": "The API's description.",
                "content": {
                  "application/json": {
                    "schema": {
                      "type": "object"
                    }
                  }
                }
              },
              "default": {
                "description": "A problem (RFC 9457): `code` is the same as `--json`'s, `detail` the prompt's words.",
                "content": {
                  "application/problem+json": {
                    "schema": {
                      "$ref": "#/components/schemas/Problem"
                    }
                  }
                }
              }
            }
          }
        }
      },
      "components": {
        "securitySchemes": {
          "operatorToken": {
            "type": "http",
            "scheme": "bearer",
            "description": "The operator's token: from --token-file, $KIOSK_TOKEN, or the serve-token file the server made."
          }
        },
        "schemas": {
          "CommandResult": {
            "type": "object",
            "required": [
              "command",
              "ok",
              "result"
            ],
            "properties": {
              "command": {
                "type": "string",
                "description": "The command's name."
              },
              "ok": {
                "const": true
              },
              "seq": {
                "type": "integer",
                "minimum": 0,
                "description": "The sequence number of the last event in the state once the command ran, its own events included: what the result shows is the state up to it, so a screen showing it follows `/events?after=` it."
              },
              "result": {
                "type": "object"
              },
              "events": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/CloudEvent"
                },
                "description": "The events the command caused, when it caused any."
              }
            }
          },
          "Problem": {
            "type": "object",
            "required": [
              "type",
              "title",
              "status",
              "detail",
              "code"
            ],
            "properties": {
              "type": {
                "type": "string",
                "format": "uri-reference"
              },
              "title": {
                "type": "string"
              },
              "status": {
                "type": "integer",
                "minimum": 400,
                "maximum": 599
              },
              "detail": {
                "type": "string"
              },
              "code": {
                "type": "string",
                "description": "The stable code, as `--json` gives it, or the HTTP layer's own (not_found, method_not_allowed, malformed_json, invalid_body, invalid_query, body_too_large, unsupported_media_type, unauthorized, cross_site_request, wrong_host, overloaded, shutting_down)."
              },
              "command": {
                "type": "string"
              },
              "missing": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/Missing"
                }
              },
              "events": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/CloudEvent"
                }
              }
            }
          },
          "CloudEvent": {
            "type": "object",
            "description": "A CloudEvents 1.0 event, as the webhook sends it.",
            "required": [
              "specversion",
              "id",
              "source",
              "type",
              "time",
              "seq",
              "data"
            ],
            "properties": {
              "specversion": {
                "const": "1.0"
              },
              "id": {
                "type": "string"
              },
              "source": {
                "type": "string"
              },
              "type": {
                "type": "string"
              },
              "time": {
                "type": "string",
                "format": "date-time"
              },
              "datacontenttype": {
                "type": "string"
              },
              "seq": {
                "type": "integer",
                "minimum": 1
              },
              "data": {
                "type": "object"
              }
            }
          },
          "Line": {
            "type": "object",
            "required": [
              "item",
              "quantity"
            ],
            "properties": {
              "item": {
                "type": "string"
              },
              "quantity": {
                "type": "integer",
                "minimum": 1
              }
            }
          },
          "Missing": {
            "type": "object",
            "required": [
              "ingredient",
              "needed",
              "available"
            ],
            "properties": {
              "ingredient": {
                "type": "string"
              },
              "needed": {
                "type": "integer",
                "minimum": 0
              },
              "available": {
                "type": "integer",
                "minimum": 0
              }
            }
          },
          "OrderRequest": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "lines"
            ],
            "examples": [
              {
                "lines": [
                  {
                    "item": "Mango Juice",
                    "quantity": 1
                  }
                ]
              },
              {
                "lines": [
                  {
                    "item": "banana juice"
                  },
                  {
                    "item": "Kiwi Juice",
                    "quantity": 2
                  }
                ]
              }
            ],
            "properties": {
              "lines": {
                "type": "array",
                "minItems": 1,
                "maxItems": 1000,
                "items": {
                  "type": "object",
                  "additionalProperties": false,
                  "required": [
                    "item"
                  ],
                  "properties": {
                    "item": {
                      "type": "string",
                      "description": "The item's name, alias or slug, in any case."
                    },
                    "quantity": {
                      "type": "integer",
                      "minimum": 1,
                      "maximum": 1000000000,
                      "default": 1
                    }
                  }
                }
              }
            }
          },
          "StockEdit": {
            "type": "object",
            "description": "Exactly one of set, add, remove, restock (`restock INGREDIENT N`: an add recorded as a restock).",
            "examples": [
              {
                "add": 5
              },
              {
                "set": 10
              },
              {
                "remove": 1
              }
            ],
            "minProperties": 1,
            "maxProperties": 1,
            "additionalProperties": false,
            "properties": {
              "set": {
                "type": "integer",
                "minimum": 0,
                "maximum": 1000000000
              },
              "add": {
                "type": "integer",
                "minimum": 0,
                "maximum": 1000000000
              },
              "remove": {
                "type": "integer",
                "minimum": 0,
                "maximum": 1000000000
              },
              "restock": {
                "type": "integer",
                "minimum": 0,
                "maximum": 1000000000
              }
            }
          },
          "SuggestionRequest": {
            "examples": [
              {
                "answers": [
                  "y",
                  "n"
                ]
              },
              {
                "rule": "least-misery"
              }
            ],
            "oneOf": [
              {
                "type": "object",
                "additionalProperties": false,
                "properties": {
                  "profiles": {
                    "type": "array",
                    "maxItems": 100,
                    "items": {
                      "type": "string"
                    },
                    "description": "Stored profiles for a group; none for one anonymous customer."
                  },
                  "answers": {
                    "type": "array",
                    "maxItems": 100,
                    "items": {
                      "type": "string",
                      "enum": [
                        "y",
                        "n",
                        "-",
                        "yes",
                        "no",
                        "skip"
                      ]
                    },
                    "description": "Answers to the menu's questions, in order."
                  },
                  "rule": {
                    "type": "string",
                    "enum": [
                      "average",
                      "least-misery",
                      "average-without-misery"
                    ]
                  },
                  "lenient": {
                    "type": "boolean"
                  }
                }
              },
              {
                "type": "object",
                "additionalProperties": false,
                "required": [
                  "next"
                ],
                "properties": {
                  "next": {
                    "const": true
                  }
                }
              }
            ]
          },
          "MenuResult": {
            "type": "object",
            "required": [
              "name",
              "items"
            ],
            "properties": {
              "name": {
                "type": "string"
              },
              "currency": {
                "type": "string"
              },
              "items": {
                "type": "array",
                "items": {
                  "type": "object",
                  "required": [
                    "name",
                    "aliases",
                    "needs",
                    "available"
                  ],
                  "properties": {
                    "name": {
                      "type": "string"
                    },
                    "aliases": {
                      "type": "array",
                      "items": {
                        "type": "string"
                      }
                    },
                    "price": {
                      "type": "number"
                    },
                    "needs": {
                      "type": "object",
                      "additionalProperties": {
                        "type": "integer"
                      }
                    },
                    "available": {
                      "type": "integer",
                      "minimum": 0
                    },
                    "tags": {
                      "type": "array",
                      "items": {
                        "type": "string"
                      }
                    },
                    "allergens": {
                      "type": "array",
                      "items": {
                        "type": "string"
                      },
                      "description": "The EU allergens the item has; left out when the menu does not say."
                    },
                    "station": {
                      "type": "string",
                      "description": "Where it is made, on a menu with a board."
                    },
                    "prepMs": {
                      "type": "integer",
                      "minimum": 0,
                      "description": "How long a ticket line of it takes, on a menu with a board."
                    }
                  }
                }
              },
              "questions": {
                "type": "array",
                "description": "The questions `suggest` asks, in order: answers go in this order.",
                "items": {
                  "type": "object",
                  "required": [
                    "key",
                    "text",
                    "tags"
                  ],
                  "properties": {
                    "key": {
                      "type": "string"
                    },
                    "text": {
                      "type": "string"
                    },
                    "tags": {
                      "type": "array",
                      "items": {
                        "type": "string"
                      }
                    }
                  }
                }
              },
              "board": {
                "type": "object",
                "description": "The order board, when the menu has one: a ticket not ready at `warnMs` is marked warn, at `lateMs` late.",
                "required": [
                  "warnMs",
                  "lateMs",
                  "auto",
                  "stations"
                ],
                "properties": {
                  "warnMs": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "lateMs": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "auto": {
                    "type": "boolean"
                  },
                  "stations": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": [
                        "name",
                        "staff"
                      ],
                      "properties": {
                        "name": {
                          "type": "string"
                        },
                        "staff": {
                          "type": "integer",
                          "minimum": 1
                        }
                      }
                    }
                  }
                }
              }
            }
          },
          "OrderResult": {
            "type": "object",
            "required": [
              "lines"
            ],
            "properties": {
              "lines": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/Line"
                }
              },
              "total": {
                "type": "number"
              },
              "currency": {
                "type": "string"
              },
              "ticket": {
                "type": "integer"
              },
              "promised": {
                "type": "string",
                "format": "date-time"
              },
              "waitMs": {
                "type": "integer"
              }
            }
          },
          "HistoryResult": {
            "type": "object",
            "required": [
              "orders"
            ],
            "properties": {
              "orders": {
                "type": "array",
                "items": {
                  "type": "object",
                  "required": [
                    "seq",
                    "time",
                    "lines",
                    "result"
                  ],
                  "properties": {
                    "seq": {
                      "type": "integer"
                    },
                    "time": {
                      "type": "string",
                      "format": "date-time"
                    },
                    "lines": {
                      "type": "array",
                      "items": {
                        "$ref": "#/components/schemas/Line"
                      }
                    },
                    "result": {
                      "enum": [
                        "made",
                        "refused"
                      ]
                    },
                    "total": {
                      "type": "number"
                    },
                    "missing": {
                      "type": "array",
                      "items": {
                        "$ref": "#/components/schemas/Missing"
                      }
                    }
                  }
                }
              }
            }
          },
          "StockResult": {
            "type": "object",
            "required": [
              "ingredients"
            ],
            "properties": {
              "ingredients": {
                "type": "array",
                "items": {
                  "type": "object",
                  "required": [
                    "name",
                    "stock",
                    "low",
                    "status"
                  ],
                  "properties": {
                    "name": {
                      "type": "string"
                    },
                    "stock": {
                      "type": "integer",
                      "minimum": 0
                    },
                    "low": {
                      "type": "integer",
                      "minimum": 0
                    },
                    "unit": {
                      "type": "string"
                    },
                    "status": {
                      "enum": [
                        "ok",
                        "low",
                        "out"
                      ]
                    },
                    "restock": {
                      "type": "integer",
                      "minimum": 1,
                      "description": "For a low or short ingredient: what `restock` alone would add (enough to reach its starting stock, or to cover the last refused order)."
                    }
                  }
                }
              }
            }
          },
          "StockChangeResult": {
            "type": "object",
            "required": [
              "changes"
            ],
            "properties": {
              "changes": {
                "type": "array",
                "items": {
                  "type": "object",
                  "required": [
                    "ingredient",
                    "from",
                    "to"
                  ],
                  "properties": {
                    "ingredient": {
                      "type": "string"
                    },
                    "from": {
                      "type": "integer",
                      "minimum": 0
                    },
                    "to": {
                      "type": "integer",
                      "minimum": 0
                    }
                  }
                }
              }
            }
          },
          "BoardTicket": {
            "type": "object",
            "required": [
              "ticket",
              "lines",
              "stations",
              "ordered",
              "promised",
              "ageMs",
              "mark"
            ],
            "properties": {
              "ticket": {
                "type": "integer"
              },
              "lines": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/Line"
                }
              },
              "stations": {
                "type": "array",
                "items": {
                  "type": "string"
                }
              },
              "ordered": {
                "type": "string",
                "format": "date-time"
              },
              "promised": {
                "type": "string",
                "format": "date-time"
              },
              "ageMs": {
                "type": "integer"
              },
              "mark": {
                "type": [
                  "string",
                  "null"
                ]
              }
            }
          },
          "KitchenBoard": {
            "type": "object",
            "required": [
              "counts",
              "queued",
              "preparing",
              "ready"
            ],
            "properties": {
              "counts": {
                "type": "object",
                "required": [
                  "queued",
                  "preparing",
                  "ready"
                ],
                "properties": {
                  "queued": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "preparing": {
                    "type": "integer",
                    "minimum": 0
                  },
                  "ready": {
                    "type": "integer",
                    "minimum": 0
                  }
                }
              },
              "queued": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/BoardTicket"
                }
              },
              "preparing": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/BoardTicket"
                }
              },
              "ready": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/BoardTicket"
                }
              }
            }
          },
          "PublicBoard": {
            "type": "object",
            "required": [
              "preparing",
              "ready"
            ],
            "properties": {
              "preparing": {
                "type": "array",
                "items": {
                  "type": "integer"
                }
              },
              "ready": {
                "type": "array",
                "items": {
                  "type": "integer"
                }
              }
            }
          },
          "AllDayBoard": {
            "type": "object",
            "required": [
              "items"
            ],
            "properties": {
              "items": {
                "type": "array",
                "items": {
                  "type": "object",
                  "required": [
                    "item",
                    "queued",
                    "preparing",
                    "total"
                  ],
                  "properties": {
                    "item": {
                      "type": "string"
                    },
                    "queued": {
                      "type": "integer",
                      "minimum": 0
                    },
                    "preparing": {
                      "type": "integer",
                      "minimum": 0
                    },
                    "total": {
                      "type": "integer",
                      "minimum": 0
                    }
                  }
                }
              }
            }
          },
          "TicketMovedResult": {
            "type": "object",
            "required": [
              "ticket",
              "state",
              "lines"
            ],
            "properties": {
              "ticket": {
                "type": "integer"
              },
              "state": {
                "type": "string"
              },
              "lines": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/Line"
                }
              }
            }
          },
          "SuggestionResult": {
            "type": "object",
            "required": [
              "items",
              "nextsLeft"
            ],
            "properties": {
              "profiles": {
                "type": "array",
                "items": {
                  "type": "string"
                }
              },
              "party": {
                "type": "integer"
              },
              "answers": {
                "type": "object",
                "additionalProperties": {
                  "type": "string"
                }
              },
              "rule": {
                "type": "string"
              },
              "threshold": {
                "type": "integer"
              },
              "lenient": {
                "type": "boolean"
              },
              "page": {
                "type": "integer"
              },
              "nextsLeft": {
                "type": "integer",
                "minimum": 0
              },
              "reason": {
                "type": "string"
              },
              "message": {
                "type": "string"
              },
              "items": {
                "type": "array",
                "items": {
                  "type": "object",
                  "required": [
                    "rank",
                    "item",
                    "score",
                    "canMake",
                    "fits"
                  ],
                  "properties": {
                    "rank": {
                      "type": "integer"
                    },
                    "item": {
                      "type": "string"
                    },
                    "score": {
                      "type": "number"
                    },
                    "canMake": {
                      "type": "integer",
                      "minimum": 0
                    },
                    "fits": {
                      "type": "array",
                      "items": {
                        "type": "string"
                      }
                    }
                  }
                }
              }
            }
          },
          "ReportResult": {
            "type": "object",
            "required": [
              "items",
              "made",
              "refused",
              "ingredients"
            ],
            "properties": {
              "items": {
                "type": "array",
                "items": {
                  "type": "object",
                  "required": [
                    "item",
                    "sold"
                  ],
                  "properties": {
                    "item": {
                      "type": "string"
                    },
                    "sold": {
                      "type": "integer",
                      "minimum": 0
                    },
                    "revenue": {
                      "type": "number"
                    }
                  }
                }
              },
              "made": {
                "type": "integer",
                "minimum": 0
              },
              "refused": {
                "type": "integer",
                "minimum": 0
              },
              "revenue": {
                "type": "number"
              },
              "currency": {
                "type": "string"
              },
              "ingredients": {
                "type": "array",
                "items": {
                  "type": "object",
                  "required": [
                    "ingredient",
                    "used"
                  ],
                  "properties": {
                    "ingredient": {
                      "type": "string"
                    },
                    "used": {
                      "type": "integer",
                      "minimum": 0
                    }
                  }
                }
              },
              "board": {
                "type": "object"
              }
            }
          },
          "ReloadResult": {
            "type": "object",
            "required": [
              "addedItems",
              "removedItems",
              "addedIngredients",
              "removedIngredients",
              "notes",
              "changed"
            ],
            "properties": {
              "addedItems": {
                "type": "array",
                "items": {
                  "type": "string"
                }
              },
              "removedItems": {
                "type": "array",
                "items": {
                  "type": "string"
                }
              },
              "addedIngredients": {
                "type": "array",
                "items": {
                  "type": "string"
                }
              },
              "removedIngredients": {
                "type": "array",
                "items": {
                  "type": "string"
                }
              },
              "notes": {
                "type": "array",
                "items": {
                  "type": "string"
                }
              },
              "changed": {
                "type": "boolean"
              }
            }
          },
          "SinksResult": {
            "type": "object",
            "required": [
              "sinks"
            ],
            "properties": {
              "sinks": {
                "type": "array",
                "items": {
                  "type": "object",
                  "required": [
                    "kind",
                    "target",
                    "on",
                    "name",
                    "delivered",
                    "waiting",
                    "retrying",
                    "failed",
                    "deliversHere",
                    "lastError"
                  ],
                  "properties": {
                    "kind": {
                      "type": "string"
                    },
                    "target": {
                      "type": "string"
                    },
                    "on": {
                      "type": "array",
                      "items": {
                        "type": "string"
                      }
                    },
                    "name": {
                      "type": "string"
                    },
                    "delivered": {
                      "type": "integer",
                      "minimum": 0
                    },
                    "waiting": {
                      "type": "integer",
                      "minimum": 0
                    },
                    "retrying": {
                      "type": "integer",
                      "minimum": 0
                    },
                    "failed": {
                      "type": "integer",
                      "minimum": 0
                    },
                    "deliversHere": {
                      "type": "boolean"
                    },
                    "lastError": {
                      "type": [
                        "string",
                        "null"
                      ]
                    },
                    "connection": {
                      "type": "object"
                    }
                  }
                }
              }
            }
          },
          "Health": {
            "type": "object",
            "required": [
              "status",
              "journal",
              "sinks"
            ],
            "properties": {
              "status": {
                "enum": [
                  "ok",
                  "unavailable"
                ]
              },
              "journal": {
                "enum": [
                  "writable",
                  "failing"
                ]
              },
              "sinks": {
                "type": "array",
                "items": {
                  "type": "object",
                  "required": [
                    "kind",
                    "state"
                  ],
                  "properties": {
                    "kind": {
                      "type": "string"
                    },
                    "state": {
                      "enum": [
                        "delivering",
                        "retrying",
                        "failed",
                        "elsewhere"
                      ]
                    }
                  }
                }
              }
            }
          }
        },
        "parameters": {
          "IdempotencyKey": {
            "name": "Idempotency-Key",
            "in": "header",
            "required": false,
            "description": "Makes a retry safe: a request sent again with the same key (1–255 visible ASCII characters) within a day gets the first answer again — also after a restart, and from another server on the same state — and runs nothing twice; the answer carries `Idempotent-Replayed: true`. The same key with another method, path or body is refused (422 `idempotency_key_reused`).",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255,
              "pattern": "^[!-~]+$"
            }
          }
        }
      }
    }
    """#
}
